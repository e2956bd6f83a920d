import { currentLocale } from '../../i18n/i18n';
import { DateFormat, formatDate } from '../../lib/format-date';

/** An amount with its currency code, two decimals, grouped the reader's way: `1,250.00 USD`. */
export function formatMoney(amount: number, currency: string): string {
  const number = new Intl.NumberFormat(currentLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  return `${number} ${currency}`;
}

/** A signed amount for postings and profits: `+250.00`, `−75.00`. */
export function formatSignedMoney(amount: number, currency: string): string {
  const text = formatMoney(Math.abs(amount), currency);
  if (amount > 0) return `+${text}`;
  if (amount < 0) return `−${text}`;
  return text;
}

export function formatNumberPlain(value: number, maximumFractionDigits = 4): string {
  return new Intl.NumberFormat(currentLocale(), { maximumFractionDigits }).format(value);
}

/**
 * A timestamp in seconds as the reader's date and 24-hour time with seconds, through the app's one
 * time formatter (Gregorian in every language). Staff compare times across queues and the audit
 * log, so the back office shows seconds, never a bare 12-hour clock.
 */
export function formatDateTime(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '';
  return formatDate(seconds, DateFormat.dateTime);
}
