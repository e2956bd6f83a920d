import type { Area } from '@tradewind/contract';

/** A country's flag as an emoji: its two letters as regional indicator symbols, which devices draw as the flag. */
export const flagOf = (code: string): string =>
  String.fromCodePoint(...[...code.toUpperCase()].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 'A'.charCodeAt(0)));

/** Countries offered in the KYC form and the phone fields (ISO 3166 alpha-2, dialling codes, flags). */
export const areas: readonly Area[] = [
  ['US', 'United States', '+1'], ['CA', 'Canada', '+1'], ['MX', 'Mexico', '+52'], ['BR', 'Brazil', '+55'], ['AR', 'Argentina', '+54'],
  ['GB', 'United Kingdom', '+44'], ['IE', 'Ireland', '+353'], ['DE', 'Germany', '+49'], ['FR', 'France', '+33'], ['ES', 'Spain', '+34'],
  ['IT', 'Italy', '+39'], ['NL', 'Netherlands', '+31'], ['BE', 'Belgium', '+32'], ['CH', 'Switzerland', '+41'], ['AT', 'Austria', '+43'],
  ['SE', 'Sweden', '+46'], ['NO', 'Norway', '+47'], ['DK', 'Denmark', '+45'], ['FI', 'Finland', '+358'], ['PL', 'Poland', '+48'],
  ['PT', 'Portugal', '+351'], ['GR', 'Greece', '+30'], ['TR', 'Türkiye', '+90'], ['AE', 'United Arab Emirates', '+971'], ['SA', 'Saudi Arabia', '+966'],
  ['IN', 'India', '+91'], ['PK', 'Pakistan', '+92'], ['BD', 'Bangladesh', '+880'], ['TH', 'Thailand', '+66'], ['VN', 'Vietnam', '+84'],
  ['MY', 'Malaysia', '+60'], ['SG', 'Singapore', '+65'], ['ID', 'Indonesia', '+62'], ['PH', 'Philippines', '+63'], ['JP', 'Japan', '+81'],
  ['KR', 'South Korea', '+82'], ['TW', 'Taiwan', '+886'], ['HK', 'Hong Kong', '+852'], ['CN', 'China', '+86'], ['AU', 'Australia', '+61'],
  ['NZ', 'New Zealand', '+64'], ['ZA', 'South Africa', '+27'], ['NG', 'Nigeria', '+234'], ['EG', 'Egypt', '+20'], ['KE', 'Kenya', '+254'],
].map(([code = '', name = '', dialCode = '']) => ({ code, name, dialCode, flag: flagOf(code) }));
