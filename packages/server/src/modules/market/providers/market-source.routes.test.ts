import { fileURLToPath } from 'node:url';
import { type MarketDataSource, marketDataSourceSchema } from '@tradewind/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { call, createTestContext, type TestContext } from '../../../../test/test-app.js';
import { marketDataSource } from './market-source.js';

/*
 * `GET /market/dataSource` (issue 18): the app labels every price with where it comes from, so the
 * server says it for the provider it actually runs, without a sign-in.
 */
const sampleTicks = fileURLToPath(new URL('./fixtures/sample-ticks.csv', import.meta.url));

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

async function sourceUnder(env: Record<string, string>) {
  ctx = await createTestContext(env);
  const answer = await call<MarketDataSource>(ctx.app, 'GET', '/market/dataSource');
  expect(answer.code).toBe(200);
  expect(marketDataSourceSchema.safeParse(answer.data).success).toBe(true);
  return answer.data;
}

describe('GET /market/dataSource', () => {
  it('says the simulator’s prices are simulated, to a visitor who is not signed in', async () => {
    expect(await sourceUnder({ MARKET_PROVIDER: 'simulator' })).toEqual({
      providerId: 'simulator',
      displayName: 'Tradewind simulator',
      simulated: true,
      realtime: false,
      delaySeconds: 0,
    });
  });

  it('names the replayed file under the CSV provider, and calls its prices simulated too', async () => {
    expect(await sourceUnder({ MARKET_PROVIDER: 'csv', MARKET_CSV_FILE: sampleTicks, MARKET_CSV_SPEED: '1000' })).toEqual({
      providerId: 'csv-replay',
      displayName: 'CSV replay · sample-ticks.csv',
      simulated: true,
      realtime: false,
      delaySeconds: 0,
    });
  });

  it('is declared in the OpenAPI document with its contract schema', async () => {
    ctx = await createTestContext();
    const spec = (await ctx.app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, { get?: { responses?: Record<string, unknown> } }>;
      components: { schemas: Record<string, unknown> };
    }>();
    const route = spec.paths['/market/dataSource']?.get;
    expect(route).toBeDefined();
    // The answer's `data` is the contract's schema, by name.
    const ref = /"#\/components\/schemas\/([A-Za-z]+)"/.exec(JSON.stringify(route?.responses?.['200']))?.[1];
    expect(JSON.stringify(spec.components.schemas[ref ?? ''])).toContain('delaySeconds');
  });
});

describe('a real feed', () => {
  it('is real-time unless the operator declares a delay, and then says how many seconds', () => {
    const finnhub = { MARKET_PROVIDER: 'finnhub', MARKET_CSV_FILE: undefined } as const;
    expect(marketDataSource({ ...finnhub, MARKET_DELAY_SECONDS: 0 })).toEqual({ providerId: 'finnhub', displayName: 'Finnhub', simulated: false, realtime: true, delaySeconds: 0 });
    expect(marketDataSource({ ...finnhub, MARKET_DELAY_SECONDS: 900 })).toMatchObject({ simulated: false, realtime: false, delaySeconds: 900 });
  });
});
