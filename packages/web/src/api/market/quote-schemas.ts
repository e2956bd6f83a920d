import { type Kline, type KlinePoint, klineSchema, quoteItemSchema } from '@tradewind/contract';
import { z } from 'zod';
import type { DataCheck } from '../client';

/*
 * The answers' schemas of the market calls Home makes, loaded with `import()` by those calls so
 * that zod is not part of Home's first paint (docs/performance.md, the budget).
 */
export const quoteItemsSchema = z.array(quoteItemSchema);

const klineHeadSchema = klineSchema.omit({ points: true });

// zod's number() takes finite numbers only, and int() safe integers only.
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isInteger = (value: unknown): value is number => Number.isSafeInteger(value);

/** A point as `klinePointSchema` gives it (its keys only, in its order), or null where that schema refuses it. */
function klinePoint(value: unknown): KlinePoint | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { k, o, open, high, low, close, volume } = value as Record<string, unknown>;
  if (!isInteger(k) || !isNumber(o) || !isNumber(open) || !isNumber(high) || !isNumber(low) || !isNumber(close) || !isInteger(volume)) return null;
  return { k, o, open, high, low, close, volume };
}

/**
 * The kline answer's check: what `klineSchema` accepts and gives, with the points (a day of minute
 * bars is ~400) checked by a plain loop. Zod, which the CSP keeps from compiling its checks, took
 * ~25 ms for them in the quote page's first load (Lighthouse's trace, 1× CPU): a long task of its own.
 */
export const klineCheck: DataCheck<Kline> = {
  safeParse(value) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return { success: false };
    const { points, ...rest } = value as Record<string, unknown>;
    const head = klineHeadSchema.safeParse(rest);
    if (!head.success || !Array.isArray(points)) return { success: false };
    const checked: KlinePoint[] = [];
    for (const point of points as unknown[]) {
      const ok = klinePoint(point);
      if (!ok) return { success: false };
      checked.push(ok);
    }
    return { success: true, data: { ...head.data, points: checked } };
  },
};
