import { z } from 'zod';

/**
 * Where the app's prices come from (issue 18): `simulator` generates them, `csv-replay` replays a
 * recorded file as if it were now, `finnhub` streams real trades, `none` leaves the stored
 * (simulated) history still. Every quote, chart and order page labels its prices from this.
 */
export const marketDataProviderIds = ['simulator', 'csv-replay', 'finnhub', 'none'] as const;
export type MarketDataProviderId = (typeof marketDataProviderIds)[number];

/** `GET /market/dataSource`: public, the same for every caller, fixed for the server's lifetime. */
export const marketDataSourceSchema = z.object({
  providerId: z.enum(marketDataProviderIds),
  /** The provider's name as shown to people ("Finnhub", "CSV replay · sample-ticks.csv"). */
  displayName: z.string(),
  /** True when the prices are not the market's own now: generated, or replayed from a file. */
  simulated: z.boolean(),
  /** True when a real feed's prices arrive as they happen (`delaySeconds` 0). */
  realtime: z.boolean(),
  /** How far behind the market a real feed's prices are (0 for real-time and for simulated prices). */
  delaySeconds: z.number().int().nonnegative(),
});
export type MarketDataSource = z.infer<typeof marketDataSourceSchema>;
