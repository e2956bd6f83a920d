import { marketDataSourceSchema } from '@tradewind/contract';

/* Loaded with `import()` by the data-source call, so that zod stays out of Home's first paint. */
export { marketDataSourceSchema };
