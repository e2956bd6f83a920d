import type { CryptoNetwork, PaymentMethod } from '@tradewind/contract';

export const cryptoCurrencies = ['USDT', 'USDC', 'BTC'] as const;
export type CryptoCurrency = (typeof cryptoCurrencies)[number];

/** The networks each currency travels on; BTC only on its own chain. */
export const networksOf: Record<CryptoCurrency, readonly CryptoNetwork[]> = {
  USDT: ['TRC20', 'ERC20'],
  USDC: ['ERC20', 'TRC20'],
  BTC: ['BTC'],
};

/** The server's address formats (docs/funding-and-back-office.md), checked here first so a typo never leaves the phone. */
export const addressPatterns: Record<CryptoNetwork, RegExp> = {
  TRC20: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  ERC20: /^0x[0-9a-fA-F]{40}$/,
  BTC: /^(bc1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/,
};

const CARD_NUMBER = /^[0-9A-Za-z ]{6,34}$/;
/** SPEC §5: one text field is at most 50 characters. */
export const TEXT_MAX = 50;

export type MethodProblem =
  | 'bankNameRequired'
  | 'accountNameRequired'
  | 'cardNumberRequired'
  | 'cardNumberInvalid'
  | 'addressRequired'
  | 'addressInvalid'
  | 'currencyRequired';

export interface BankFields {
  bankName: string;
  accountName: string;
  cardNumber: string;
}

export interface WalletFields {
  currencyType: string;
  network: string;
  address: string;
}

export function isCryptoCurrency(value: string): value is CryptoCurrency {
  return (cryptoCurrencies as readonly string[]).includes(value);
}

export function isNetwork(value: string): value is CryptoNetwork {
  return value === 'TRC20' || value === 'ERC20' || value === 'BTC';
}

export function checkBankFields(fields: BankFields): Partial<Record<keyof BankFields, MethodProblem>> {
  const problems: Partial<Record<keyof BankFields, MethodProblem>> = {};
  if (!fields.bankName.trim()) problems.bankName = 'bankNameRequired';
  if (!fields.accountName.trim()) problems.accountName = 'accountNameRequired';
  const number = fields.cardNumber.trim();
  if (!number) problems.cardNumber = 'cardNumberRequired';
  else if (!CARD_NUMBER.test(number)) problems.cardNumber = 'cardNumberInvalid';
  return problems;
}

/** The address must match its network's format (TRC20 `T…`, ERC20 `0x…`, BTC). */
export function checkAddress(network: string, address: string): MethodProblem | undefined {
  const text = address.trim();
  if (!text) return 'addressRequired';
  return isNetwork(network) && addressPatterns[network].test(text) ? undefined : 'addressInvalid';
}

export function checkWalletFields(fields: WalletFields): Partial<Record<keyof WalletFields, MethodProblem>> {
  const problems: Partial<Record<keyof WalletFields, MethodProblem>> = {};
  if (!isCryptoCurrency(fields.currencyType) || !isNetwork(fields.network)) problems.currencyType = 'currencyRequired';
  const address = checkAddress(fields.network, fields.address);
  if (address) problems.address = address;
  return problems;
}

/** A long address shortened for a list row: TQn9Y2…KcbLSE. */
export function shortAddress(address: string | null): string {
  if (!address) return '';
  return address.length <= 16 ? address : `${address.slice(0, 6)}…${address.slice(-6)}`;
}

/** One line naming a saved method, as a withdrawal confirmation or a list shows it. */
export function describeMethod(method: PaymentMethod): string {
  return method.kind === 'bank'
    ? `${method.bankName ?? ''} ${method.cardNumber ?? ''}`.trim()
    : `${method.currencyType ?? ''} ${method.network ?? ''} ${shortAddress(method.address)}`.trim();
}
