import { fieldLabel } from '../src/i18n/field-labels.js';

/**
 * How an English refusal names a schema field (`stockCode` → "Symbol", `pageSize` → "Page size",
 * `agencyId` → "agency id"), for tests that check a refusal names the field. Anything that is not
 * a field name (a code such as NOPE, a phrase) is answered as it is.
 */
export function shownField(expected: string): string {
  return /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)*$/.test(expected) ? fieldLabel('en', expected) : expected;
}
