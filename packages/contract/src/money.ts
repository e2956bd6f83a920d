import { z } from 'zod';

/** Every currency the ledger keeps, with two decimals of minor unit each. */
export const currencies = ['USD', 'EUR', 'TWD'] as const;
export type Currency = (typeof currencies)[number];
export const MINOR_UNITS = 100;

/** The largest amount one call may move: a trillion, far below where numbers lose cents. */
export const AMOUNT_MAX = 1_000_000_000_000;

const decimalText = /^\d{1,13}(\.\d{1,2})?$/;

/**
 * SPEC §5 amount: above 0 with at most 2 decimals. Accepts a JSON number or a decimal string and
 * yields integer minor units, so no float ever reaches the ledger.
 */
export const amountSchema = z
  .union([z.number(), z.string().trim()])
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
    if (!decimalText.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'must be a positive amount with at most 2 decimals' });
      return z.NEVER;
    }
    const [whole = '0', fraction = ''] = text.split('.');
    const minor = Number(whole) * MINOR_UNITS + Number(fraction.padEnd(2, '0'));
    if (minor <= 0 || minor > AMOUNT_MAX * MINOR_UNITS) {
      ctx.addIssue({ code: 'custom', message: `must be above 0 and at most ${AMOUNT_MAX}` });
      return z.NEVER;
    }
    return minor;
  });

/** Minor units back to the decimal number the wire carries (exact for two decimals). */
export function fromMinor(minor: number): number {
  return Math.round(minor) / MINOR_UNITS;
}
