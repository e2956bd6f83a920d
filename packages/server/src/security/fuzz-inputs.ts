import fc from 'fast-check';
import { z } from 'zod';

/**
 * Hostile request inputs for the API fuzz test, derived from a route's zod schemas: first a
 * valid-looking sample (walking the zod v4 definitions), then fast-check mutations of it.
 */

type Schema = z.core.$ZodType;

interface CheckDef {
  check: string;
  format?: string;
  minimum?: number;
  maximum?: number;
}

interface ZodDef {
  type: string;
  shape?: Record<string, Schema>;
  element?: Schema;
  innerType?: Schema;
  in?: Schema;
  options?: Schema[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  checks?: { _zod: { def: CheckDef } }[];
}

const defOf = (schema: Schema): ZodDef => schema._zod.def;
const accepts = (schema: Schema, value: unknown) => z.safeParse(schema, value).success;

/** Strings that satisfy most of the contract's patterns (codes, symbols, dates, digits, e-mails, time zones). */
const stringCandidates = [
  'AAPL', 'fuzz@example.com', 'Fuzz text', '2330', '123456', 'USD', 'Tr4de-wind!', 'Asia/Taipei', '2024-01-15',
  '2024-01-15 10:00:00', '10:00', 'https://example.com/a.png', 'abc', 'a', '1', '1.5', '0912345678', 'A123456789', 'en',
];
const numberCandidates = [1, 10, 100, 2, 0, 0.5, 1000, 1_700_000_000];

/** A value the schema accepts when one is easy to find, else the closest-looking one. */
export function sampleOf(schema: Schema, depth = 0): unknown {
  const def = defOf(schema);
  if (depth > 12) return null;
  switch (def.type) {
    case 'object':
      return Object.fromEntries(Object.entries(def.shape ?? {}).map(([key, field]) => [key, sampleOf(field, depth + 1)]));
    case 'string':
      return stringCandidates.find((text) => accepts(schema, text)) ?? 'a';
    case 'number':
      return numberCandidates.find((n) => accepts(schema, n)) ?? 1;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'array': {
      const one = [sampleOf(def.element!, depth + 1)];
      return accepts(schema, []) && !accepts(schema, one) ? [] : one;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return sampleOf(def.innerType!, depth + 1);
    case 'pipe':
      return sampleOf(def.in!, depth + 1);
    case 'union':
      return (def.options ?? []).map((option) => sampleOf(option, depth + 1)).find((value) => accepts(schema, value)) ??
        sampleOf(def.options![0]!, depth + 1);
    case 'null':
      return null;
    case 'record':
    case 'unknown':
    case 'any':
      return {};
    default:
      return null;
  }
}

export const hugeString = 'A'.repeat(100_000);

const hostileText = [
  '', ' ', 'a\u0000b', '\u0000', '\u202Eevil\u202C', '\u200F\u05E9\u05DC\u05D5\u05DD', '😀👨‍👩‍👧‍👦🏳️‍🌈', '\uD800', 'a\uDFFFb',
  '漢字テスト', 'e\u0301\u0301\u0301', '\u200B\uFEFF', "'; DROP TABLE users; --", '<script>alert(1)</script>', '../../etc/passwd',
  '%00', '%s%n', '${7*7}', '\r\nX-Injected: 1', 'null', 'undefined', 'true', '[]', '{}', '１２３', '١٢٣',
];
const nanLike = ['NaN', 'Infinity', '-Infinity', '1e999', '-1e999', '0x1F', '1_000', ' 1 ', '1e308', '-0', '+1', '.5', '5.', '1,000', '0b11', '9'.repeat(40)];
const edgeNumbers = [-1, -0, 0, 0.1, 1e308, -1e308, 5e-324, 2 ** 53, 2 ** 53 + 2, 2 ** 63, -(2 ** 63), 2 ** 31, 1.7976931348623157e308, 123456789.123456, 1e21];

/** Nested containers `depth` deep, the shape a recursion-happy parser or walker trips over. */
export function deeplyNested(depth: number, kind: 'object' | 'array'): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = kind === 'object' ? { a: value } : [value];
  return value;
}

const wrongTypeValue = fc.constantFrom<unknown>('x', 123, -7.5, true, false, null, [], {}, [1, 'a'], { a: 1 }, '', 0);
const hostileString = fc.oneof(
  fc.constantFrom(...hostileText, ...nanLike, hugeString, '😀'.repeat(30_000), '\u0000'.repeat(1000)),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const hostileNumber = fc.oneof(fc.constantFrom(...edgeNumbers), fc.double(), fc.integer({ min: -(2 ** 31), max: 2 ** 31 }));
const hostileValue = fc.oneof(
  { arbitrary: wrongTypeValue, weight: 2 },
  { arbitrary: hostileString, weight: 3 },
  { arbitrary: hostileNumber, weight: 3 },
  { arbitrary: fc.constantFrom(deeplyNested(200, 'object'), deeplyNested(200, 'array')), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
);

type Json = Record<string, unknown>;

/** Every path to a value inside the sample (objects and arrays), the root as []. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const here = [prefix];
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, index) => pathsOf(item, [...prefix, index]))];
  if (value && typeof value === 'object') {
    return [...here, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...prefix, key]))];
  }
  return here;
}

function setAt(root: unknown, path: (string | number)[], value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(root) as Json;
  let node: Json = copy;
  for (const step of path.slice(0, -1)) node = node[step as string] as Json;
  const last = path[path.length - 1]!;
  if (remove) {
    if (Array.isArray(node)) node.splice(last as number, 1);
    else delete node[last as string];
  } else {
    // defineProperty so that `__proto__` lands as an own key the way JSON.parse would make it.
    Object.defineProperty(node, last, { value, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

/** How a mutated input changed its sample, kept short for the failure report. */
export interface Mutation<T> {
  note: string;
  value: T;
}

/** JSON-ish values (bodies, and also the parsed form of query strings): type, presence, size and shape mutations. */
export function jsonMutations(sample: unknown): fc.Arbitrary<Mutation<unknown>> {
  const paths = pathsOf(sample);
  const fieldPaths = paths.filter((path) => path.length > 0);
  const objectPaths = paths.filter((path) => {
    const node = path.reduce<unknown>((at, step) => (at as Json)[step as string], sample);
    return node !== null && typeof node === 'object' && !Array.isArray(node);
  });
  const where = (path: (string | number)[]) => (path.length ? path.join('.') : '(root)');
  const replace = fc.tuple(fc.constantFrom(...paths), hostileValue).map(([path, value]) => ({
    note: `${where(path)} = ${describe(value)}`,
    value: setAt(sample, path, value),
  }));
  const arbitraries: fc.Arbitrary<Mutation<unknown>>[] = [replace];
  if (fieldPaths.length) {
    arbitraries.push(fc.constantFrom(...fieldPaths).map((path) => ({ note: `without ${where(path)}`, value: setAt(sample, path, undefined, true) })));
  }
  if (objectPaths.length) {
    const key = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra', 'userId', 'role', 'id', ''), fc.string({ maxLength: 12 }));
    arbitraries.push(
      fc.tuple(fc.constantFrom(...objectPaths), key, hostileValue).map(([path, name, value]) => ({
        note: `extra ${where([...path, name])} = ${describe(value)}`,
        value: setAt(sample, [...path, name], value),
      })),
    );
  }
  return fc.oneof(...arbitraries);
}

export function describe(value: unknown): string {
  if (typeof value === 'string') return value.length > 40 ? `string(${value.length}) ${JSON.stringify(value.slice(0, 12))}…` : JSON.stringify(value);
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 40)}… (${text.length} chars)` : text;
}

/** Raw body texts that are not the JSON they claim to be. */
export const brokenJsonBodies = [
  '{', '{"a":1}garbage', "{'a':1}", '{"a":1,}', '\u0000', '{"a":"\\ud800"}', '{"a":1e999}', '"just a string"', '[1,2,3]', 'null',
  '{"__proto__":{"role":"admin"}}', '{"constructor":{"prototype":{"role":"admin"}}}', '['.repeat(5000) + ']'.repeat(5000),
];

/** Content types a JSON route must refuse (or ignore) cleanly. */
export const wrongContentTypes = [
  'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=fuzz', 'application/json; charset=utf-16', 'application/jsonx', 'a'.repeat(2000),
];

/** Path parameter texts: numbers at and past every bound, encodings, traversal and huge. */
export const hostileParams = [
  '0', '-1', '1.5', '1e3', '99999999999999999999', '9223372036854775808', '2147483648', 'NaN', 'Infinity', '%00', '%2e%2e%2f%2e%2e',
  '..', '%F0%9F%98%80', '%E2%80%AE', '%ZZ', '%', ' ', '%20', 'a'.repeat(2000), '0x10', '１', 'null', '[object Object]',
];
