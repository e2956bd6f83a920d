/** What the amount field can say is wrong; the page turns the key into text. */
export type AmountProblem = 'amountRequired' | 'amountInvalid' | 'amountDecimals' | 'amountMinimum' | 'amountExceeds';

const NUMBER = /^\d{1,13}(\.\d+)?$/;
const TWO_DECIMALS = /^\d{1,13}(\.\d{1,2})?$/;

/**
 * SPEC §5: an amount is above 0 with at most 2 decimals; a deposit is at least `min` (1), a
 * withdrawal at most what can be withdrawn (`max`, checked only when known and above 0).
 */
export function checkAmount(value: string, limits: { min?: number; max?: number } = {}): AmountProblem | undefined {
  const text = value.trim();
  if (!text) return 'amountRequired';
  if (!NUMBER.test(text) || Number(text) <= 0) return 'amountInvalid';
  if (!TWO_DECIMALS.test(text)) return 'amountDecimals';
  const amount = Number(text);
  if (limits.min !== undefined && amount < limits.min) return 'amountMinimum';
  if (limits.max !== undefined && limits.max > 0 && amount > limits.max) return 'amountExceeds';
  return undefined;
}

/** Keeps what a decimal keypad may type: digits and one dot (a comma becomes the dot). */
export function cleanAmountInput(value: string): string {
  const text = value.replace(',', '.').replace(/[^\d.]/g, '');
  const dot = text.indexOf('.');
  return dot === -1 ? text : `${text.slice(0, dot + 1)}${text.slice(dot + 1).replace(/\./g, '')}`;
}
