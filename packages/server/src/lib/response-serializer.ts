import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import buildSerializer from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

type Serialize = (data: unknown) => string;

/**
 * Zod node types whose answer a JSON schema cannot describe: a zod parse changes the value (transform,
 * default, catch, pipe) or JSON has no such value (date, bigint, map, set …). A response schema holding
 * one is serialised by zod as before.
 */
const ZOD_ONLY_TYPES = new Set(['transform', 'pipe', 'default', 'prefault', 'catch', 'custom', 'date', 'bigint', 'map', 'set', 'promise', 'function', 'lazy', 'symbol', 'undefined', 'void', 'nan', 'file']);

/**
 * A default of null or a boolean: JSON Schema's `default`, which fast-json-stringify writes for a missing
 * key, says the same as zod (the order's nullable fields). Read twice, since a function default may vary;
 * a number or string default (a time, an id) stays with zod.
 */
function isFixedDefault(def: Record<string, unknown>): boolean {
  const value = def.defaultValue;
  return (value === null || typeof value === 'boolean') && def.defaultValue === value;
}

/** The first zod-only node type under `schema`, or undefined when JSON Schema describes it exactly. */
export function zodOnlyPart(schema: $ZodType, seen = new Set<$ZodType>()): string | undefined {
  if (seen.has(schema)) return undefined;
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  if (ZOD_ONLY_TYPES.has(def.type) && !(def.type === 'default' && isFixedDefault(def))) return def.type;
  if ((def as { coerce?: boolean }).coerce) return `coerced ${def.type}`;
  // trim(), toLowerCase() … rewrite the value as zod parses it.
  const checks = (def.checks ?? []) as { _zod: { def: { check: string } } }[];
  if (checks.some((check) => check._zod.def.check === 'overwrite')) return `${def.type} rewritten by a check`;
  for (const value of Object.values(def)) {
    const inner = value instanceof $ZodType ? [value] : Array.isArray(value) ? value : value && typeof value === 'object' && def.type === 'object' ? Object.values(value) : [];
    for (const item of inner) {
      if (!(item instanceof $ZodType)) continue;
      const found = zodOnlyPart(item, seen);
      if (found) return found;
    }
  }
  return undefined;
}

/** fast-json-stringify compiled from the zod schema's output JSON Schema, or the reason it cannot be. */
export function compileFast(schema: $ZodType): Serialize | { reason: string } {
  const part = zodOnlyPart(schema);
  if (part) return { reason: `holds a ${part}` };
  try {
    const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw', cycles: 'ref', reused: 'inline' });
    return buildSerializer(jsonSchema as Parameters<typeof buildSerializer>[0]);
  } catch (error) {
    return { reason: error instanceof Error ? error.message : String(error) };
  }
}

const zodSerialize = (schema: $ZodType, method: string, url: string): Serialize => (data) => {
  const result = z.safeParse(schema, data);
  if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
  return JSON.stringify(result.data);
};

export interface SerializerOptions {
  /**
   * Also parse every answer with zod and compare (development and tests): an answer that does not match
   * its schema is a 500 as before, and one fast-json-stringify would write with another meaning than zod
   * (a dropped key, a coerced number; key order aside) is a 500 naming the route. Production skips both.
   */
  verify: boolean;
  /** Hears each route whose answer stays with zod, and why. */
  onZodOnly?: (route: string, reason: string) => void;
}

/**
 * Fastify's serializer compiler for the routes' zod response schemas: zod stays the source of truth, its
 * output JSON Schema is compiled once per route with fast-json-stringify (issue 22), so an answer is no
 * longer parsed by zod on its way out. Schemas JSON Schema cannot describe keep zod's parse.
 */
export function responseSerializerCompiler(options: SerializerOptions): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    if (!(schema instanceof $ZodType)) throw new Error(`response schema of ${method} ${url} is not a zod schema`);
    const slow = zodSerialize(schema, method, url);
    // Compiled on the first answer, not at start-up: 200-odd routes would add most of a second to every start.
    let serialize: Serialize | undefined;
    const compile = (): Serialize => {
      const fast = compileFast(schema);
      if (typeof fast !== 'function') {
        options.onZodOnly?.(`${method} ${url}`, fast.reason);
        return slow;
      }
      if (!options.verify) return fast;
      return (data: unknown) => {
        const expected = slow(data);
        const written = fast(data);
        // fast-json-stringify writes required keys before optional ones: the order may differ, nothing else may.
        if (written !== expected && !isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
          throw new Error(`fast-json-stringify wrote the answer of ${method} ${url} differently from zod:\n  zod:  ${expected.slice(0, 500)}\n  fast: ${written.slice(0, 500)}`);
        }
        return written;
      };
    };
    return (data: unknown) => (serialize ??= compile())(data);
  };
}
