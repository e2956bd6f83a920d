import { orderSchema, quoteItemSchema, stockDetailSchema } from '@tradewind/contract';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { okResponse } from './envelope.js';
import { compileFast, responseSerializerCompiler, zodOnlyPart } from './response-serializer.js';

type Serialize = (data: unknown) => string;

function serializers(schema: z.ZodType) {
  const route = { schema, method: 'GET', url: '/test', httpStatus: '200' };
  const zodOnly: string[] = [];
  const onZodOnly = (name: string, reason: string) => zodOnly.push(`${name}: ${reason}`);
  return {
    checked: responseSerializerCompiler({ verify: true, onZodOnly })(route) as Serialize,
    production: responseSerializerCompiler({ verify: false, onZodOnly })(route) as Serialize,
    zodOnly,
  };
}

/** What the zod serializer wrote before: the parsed answer, JSON.stringify'd. */
const before = (schema: z.ZodType, data: unknown) => JSON.stringify(schema.parse(data));
/** The same answer, keys in fast-json-stringify's order: required ones first, then the optional ones. */
const requiredFirst = (json: string, optional: readonly string[]) => {
  const value = JSON.parse(json) as Record<string, unknown>;
  const entries = Object.entries(value);
  return JSON.stringify(Object.fromEntries([...entries.filter(([key]) => !optional.includes(key)), ...entries.filter(([key]) => optional.includes(key))]));
};

const shapes = z.object({
  id: z.number().int(),
  note: z.string().nullable(),
  nickname: z.string().optional(),
  kind: z.union([z.literal(0), z.literal(1)]),
  amount: z.union([z.number(), z.string()]),
  state: z.enum(['open', 'closed']),
  byCurrency: z.record(z.string(), z.number()),
  tags: z.array(z.string()),
  nested: z.object({ at: z.number() }).nullable(),
  maybe: z.number().nullable().optional(),
});

describe('responseSerializerCompiler', () => {
  it('writes nullable, optional, union, enum, record and array answers as zod did, optional keys after the required ones', () => {
    const { checked, production } = serializers(shapes);
    const answers = [
      { id: 1, note: null, kind: 0, amount: 12.5, state: 'open', byCurrency: {}, tags: [], nested: null },
      { id: 2, note: 'a "quoted" \\ line\nbreak \u2028 ü 🚀', nickname: 'x', kind: 1, amount: '10.00', state: 'closed', byCurrency: { USD: 1, TWD: -2.5 }, tags: ['a', 'b'], nested: { at: 1e21 }, maybe: null },
      { id: 3, note: '\ud800 lone surrogate', kind: 1, amount: -0.1, state: 'open', byCurrency: { 'we"ird': 0 }, tags: [''], nested: { at: 0.1 + 0.2 }, maybe: 7, nickname: undefined },
    ];
    for (const answer of answers) {
      const expected = requiredFirst(before(shapes, answer), ['nickname', 'maybe']);
      expect(production(answer)).toBe(expected);
      expect(checked(answer)).toBe(expected);
    }
  });

  it('writes the quote detail envelope as zod did', () => {
    const schema = okResponse(stockDetailSchema)[200];
    const item = {
      name: 'Apple', stock_code: 'AAPL', change: 1.5, change_ratio: 0.75, price_nominal: 201.5, volume: 1000, market: 'NASDAQ', marketType: 'US', classify: 'UsStock',
      selfSelectStatus: 0, source: 0, localLogoUrl: '/logo/0/AAPL.svg', profile: 'Phones', currencyUsDatetime: 1_700_000_000, fall: false, currency: 'USD', precision: 2,
      bid: 201.49, ask: 201.51, isOpen: true,
    };
    const summary = {
      stock_code: 'AAPL', name: 'Apple', price_nominal: 201.5, open: 200, high: 202, low: 199, previousClose: 200, high52w: 250, low52w: 150, volume: 1000,
      marketCap: null, sharesOutstanding: null, sector: 'Technology', currency: 'USD', precision: 2, tradingDate: '2026-11-27',
    };
    const answer = { code: 200, msg: 'success', data: { ...item, summary } };
    const { checked, production, zodOnly } = serializers(schema);
    expect(production(answer)).toBe(before(schema, answer));
    expect(checked(answer)).toBe(before(schema, answer));
    expect(zodOnly).toEqual([]);
  });

  it('never writes a key the schema does not name (a password hash on the row stays out), as zod stripped it', () => {
    const { checked, production } = serializers(quoteItemSchema.pick({ name: true, stock_code: true }));
    const row = { name: 'Apple', stock_code: 'AAPL', passwordHash: '$argon2id$secret' };
    expect(production(row)).toBe('{"name":"Apple","stock_code":"AAPL"}');
    expect(checked(row)).toBe('{"name":"Apple","stock_code":"AAPL"}');
  });

  it('refuses an answer that does not match its schema in development and tests, as zod did', () => {
    const { checked } = serializers(shapes);
    const wrong = { id: 1.5, note: null, kind: 0, amount: 1, state: 'open', byCurrency: {}, tags: [], nested: null };
    expect(() => checked(wrong)).toThrow(ResponseSerializationError);
    expect(() => checked({ ...wrong, id: 1, state: 'lost' })).toThrow(ResponseSerializationError);
  });

  it('in production writes without zod: a wrong type is coerced by the compiled schema, not refused (development and tests catch it)', () => {
    const { production } = serializers(z.object({ id: z.number().int(), name: z.string() }));
    expect(production({ id: '7', name: 5 })).toBe('{"id":7,"name":"5"}');
    expect(() => production({ name: 'x' })).toThrow(/id/);
  });

  it('leaves to zod an answer zod rewrites as it parses (transform, default, trim), which JSON Schema cannot describe', () => {
    const schema = z.object({ code: z.string().transform((c) => c.toUpperCase()), size: z.number().default(1), label: z.string().trim() });
    expect(zodOnlyPart(schema)).toBe('pipe');
    expect(zodOnlyPart(z.object({ size: z.number().default(1) }))).toBe('default');
    expect(zodOnlyPart(z.object({ label: z.array(z.string().trim()) }))).toBe('string rewritten by a check');
    expect(zodOnlyPart(shapes)).toBeUndefined();
    expect(compileFast(z.object({ at: z.date() }))).toEqual({ reason: 'holds a date' });
    const { checked, production, zodOnly } = serializers(schema);
    expect(production({ code: 'aapl', label: ' x ' })).toBe('{"code":"AAPL","size":1,"label":"x"}');
    expect(checked({ code: 'aapl', label: ' x ' })).toBe('{"code":"AAPL","size":1,"label":"x"}');
    expect(zodOnly).toEqual(['GET /test: holds a pipe', 'GET /test: holds a pipe']);
  });

  it('writes a null or boolean default as zod does (the order answer), where a number default stays with zod', () => {
    const schema = z.object({ id: z.number().int(), stop: z.number().nullable().default(null), expired: z.boolean().default(false) });
    expect(zodOnlyPart(schema)).toBeUndefined();
    expect(zodOnlyPart(okResponse(orderSchema)[200])).toBeUndefined();
    expect(zodOnlyPart(z.object({ at: z.number().default(() => Date.now()) }))).toBe('default');
    const { checked, production, zodOnly } = serializers(schema);
    for (const data of [{ id: 1 }, { id: 1, stop: undefined, expired: undefined }, { id: 2, stop: 3.5, expired: true }]) {
      expect(production(data)).toBe(before(schema, data));
      expect(checked(data)).toBe(before(schema, data));
    }
    expect(zodOnly).toEqual([]);
  });
});
