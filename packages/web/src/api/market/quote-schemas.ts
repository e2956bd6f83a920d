import { klineSchema, quoteItemSchema } from '@tradewind/contract';
import { z } from 'zod';

/*
 * The answers' schemas of the market calls Home makes, loaded with `import()` by those calls so
 * that zod is not part of Home's first paint (docs/performance.md, the budget).
 */
export const quoteItemsSchema = z.array(quoteItemSchema);
export { klineSchema };
