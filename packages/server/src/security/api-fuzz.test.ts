import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe as group, expect, it } from 'vitest';
import type { z } from 'zod';
import { adminToken, approveTrading, call, createTestContext, fund, registerUser, type TestContext } from '../../test/test-app.js';
import { queryRows } from '../db/client.js';
import { auditLedger } from '../modules/ledger/ledger-invariants.js';
import {
  brokenJsonBodies,
  describe,
  hostileParams,
  jsonMutations,
  sampleOf,
  wrongContentTypes,
  type Mutation,
} from './fuzz-inputs.js';

/**
 * Issue 8's API fuzz test: every route of the route table gets bodies, queries, path parameters and
 * headers derived from its own zod schemas and then mutated (wrong types, missing and extra fields,
 * 100 kB strings, unicode, edge numbers, NaN-like text, nesting 200 deep, broken JSON, wrong content
 * types). No answer may be a 500, the server keeps answering, and a refused call changes no state.
 */

/** Routes the fuzz does not call, each with its reason; any other route is fuzzed. */
const notFuzzed: Record<string, string> = {
  'GET /ws': 'a websocket upgrade: its frames are not HTTP requests (inject cannot open one); frame size and rate are the abuse-limit tests’ part',
};
/** Fastify answers HEAD through the GET route's own handler and schema, so the GET fuzz covers it. */
const isHeadTwin = (method: string) => method === 'HEAD';

/**
 * Refusals that legitimately write, by table and column: the digest leaves these out.
 * Failed sign-ins and pay passwords count towards a lock-out, and a wrong e-mail code spends an attempt.
 */
const refusalWrites: Record<string, string[]> = {
  users: ['failed_login_count', 'locked_until', 'failed_pay_count', 'pay_locked_until', 'updated_at'],
  email_codes: ['attempts', 'consumed_at'],
};
/** Tables the harness itself writes (sessions for its own sign-ins) or that no request writes (price history). */
const undigested = new Set(['sessions', 'price_bars', 'price_bar_tails', 'schema_migrations', '__drizzle_migrations']);

/*
 * `npm run fuzz` runs the same test long (outside CI): more runs per route (FUZZ_RUNS_PER_ROUTE), every
 * route as every role (FUZZ_ALL_ROLES=1: visitor, user and admin) and another seed when FUZZ_SEED says.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_251_008);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS_PER_ROUTE ?? 20);
const ALL_ROLES = process.env.FUZZ_ALL_ROLES === '1';
const TIMEOUT_MS = Number(process.env.FUZZ_TIMEOUT_MS ?? 600_000);
type Role = 'visitor' | 'user' | 'admin';

interface Target {
  method: string;
  url: string;
  auth: 'public' | 'user' | 'admin';
  schema: { body?: z.core.$ZodType; querystring?: z.core.$ZodType; params?: z.core.$ZodType; headers?: z.core.$ZodType };
}

interface FuzzRequest {
  note: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

interface Failure {
  route: string;
  as: string;
  note: string;
  status: number;
  msg: string;
}

let ctx: TestContext;
const routes: RouteOptions[] = [];
const tokens = { user: '', admin: '' };
let userId = 0;

beforeAll(async () => {
  ctx = await createTestContext({}, { onRoute: (route) => routes.push(route) });
  await signIn();
}, 120_000);
afterAll(() => ctx.close());

async function signIn() {
  tokens.admin = await adminToken(ctx.app);
  const user = await registerUser(ctx.app);
  await fund(ctx.app, user.user.id, 1_000_000);
  await fund(ctx.app, user.user.id, 1_000_000, 'STOCK');
  await approveTrading(ctx.app, user.user.id);
  tokens.user = user.token;
  userId = user.user.id;
}

function targets(): Target[] {
  const seen = new Set<string>();
  const list: Target[] = [];
  for (const route of routes) {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => !isHeadTwin(m));
    for (const method of methods) {
      const key = `${method} ${route.url}`;
      if (seen.has(key) || notFuzzed[key]) continue;
      seen.add(key);
      const auth = route.config?.auth ?? 'user';
      list.push({ method, url: route.url, auth, schema: (route.schema ?? {}) as Target['schema'] });
    }
  }
  return list;
}

const seedOf = (text: string) => SEED ^ createHash('sha256').update(text).digest().readInt32LE(0);

/** encodeURIComponent refuses lone surrogates; this one sends their UTF-8 replacement, as a browser would. */
const encode = (text: string) => [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

function queryText(query: unknown): string {
  if (!query || typeof query !== 'object' || Array.isArray(query)) return `q=${encode(describe(query))}`;
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      const text = typeof item === 'string' ? item : item !== null && typeof item === 'object' ? JSON.stringify(item) : String(item);
      parts.push(`${encode(key)}=${encode(text)}`);
    }
  }
  return parts.join('&');
}

function pathWith(url: string, params: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '1').replace('*', params['*'] ?? 'index.html');
}

const sampleParams = (target: Target): Record<string, string> => {
  const sample = target.schema.params ? (sampleOf(target.schema.params) as Record<string, unknown>) : {};
  return Object.fromEntries(Object.entries(sample).map(([key, value]) => [key, encodeURIComponent(String(value))]));
};

/** The requests for one route: its valid-looking sample, fixed hostile cases, then seeded mutations. */
function requestsFor(target: Target, role: Role): FuzzRequest[] {
  const hasBody = target.method !== 'GET';
  const body = target.schema.body ? sampleOf(target.schema.body) : {};
  const query = target.schema.querystring ? sampleOf(target.schema.querystring) : {};
  const params = sampleParams(target);
  const headerSample = target.schema.headers ? (sampleOf(target.schema.headers) as Record<string, string>) : {};
  const baseUrl = pathWith(target.url, params);
  const json = { 'content-type': 'application/json' };
  const build = (note: string, parts: { url?: string; query?: unknown; body?: unknown; raw?: string; headers?: Record<string, string> }): FuzzRequest => {
    const q = queryText(parts.query ?? query);
    const payload = parts.raw ?? (hasBody ? JSON.stringify(parts.body ?? body) : undefined);
    return {
      note,
      url: `${parts.url ?? baseUrl}${q ? `?${q}` : ''}`,
      headers: { ...headerSample, ...(payload !== undefined && json), ...parts.headers },
      ...(payload !== undefined && { payload }),
    };
  };

  const fixed: FuzzRequest[] = [build('the valid-looking sample', {})];
  if (hasBody) {
    for (const raw of brokenJsonBodies) fixed.push(build(`body text ${describe(raw)}`, { raw }));
    for (const type of wrongContentTypes) fixed.push(build(`content-type ${describe(type)}`, { headers: { 'content-type': type } }));
  }

  const kinds: fc.Arbitrary<FuzzRequest>[] = [];
  if (hasBody) kinds.push(jsonMutations(body).map((m: Mutation<unknown>) => build(`body ${m.note}`, { body: m.value })));
  kinds.push(
    jsonMutations(query).map((m) => build(`query ${m.note}`, { query: m.value })),
    fc.tuple(fc.string({ maxLength: 30 }), fc.constantFrom(...hostileParams)).map(([key, value]) => ({
      ...build(`raw query ${describe(`${key}=${value}`)}`, {}),
      url: `${baseUrl}?${key}=${value}&${queryText(query)}`,
    })),
  );
  const paramNames = [...target.url.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*');
  if (paramNames.length) {
    kinds.push(
      fc.tuple(fc.constantFrom(...paramNames), fc.constantFrom(...hostileParams)).map(([name, value]) =>
        build(`param ${name} = ${describe(value)}`, { url: pathWith(target.url, { ...params, [name]: value }) })),
    );
  }
  const headerNames = ['idempotency-key', 'accept-language', 'languages', 'x-visitor-token', 'authorization-extra', ...Object.keys(headerSample)];
  const headerValue = fc.constantFrom('x'.repeat(8000), '\u00e9\u00e8', ' ', '', '-1', 'NaN', '%00', 'zz-ZZ,*;q=2', 'a'.repeat(200));
  kinds.push(
    fc.tuple(fc.constantFrom(...headerNames), headerValue).map(([name, value]) =>
      build(`header ${name} = ${describe(value)}`, { headers: { [name]: value } })),
  );
  const mutated = fc.sample(fc.oneof(...kinds), { seed: seedOf(ALL_ROLES ? `${role} ${target.method} ${target.url}` : `${target.method} ${target.url}`), numRuns: RUNS_PER_ROUTE });
  return [...fixed, ...mutated];
}

/**
 * The next transaction id PostgreSQL will hand out. Only a writing transaction takes one, so when it has
 * not moved nothing was written and the (slower) digest is skipped. On a shared PostgreSQL server other
 * databases move it too; that only costs a digest.
 */
async function writeMark(): Promise<string> {
  const [row] = await queryRows<{ x: string }>(ctx.app.database.db, sql`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS x`);
  return row!.x;
}

let digestQuery: string | undefined;

/** One digest per table: its row count and the sum of a 64-bit hash of every row (minus the columns refusals may write). */
async function stateDigest(): Promise<Map<string, string>> {
  digestQuery ??= await buildDigestQuery();
  const rows = await queryRows<{ t: string; d: string }>(ctx.app.database.db, sql.raw(digestQuery));
  return new Map(rows.map((row) => [row.t, row.d]));
}

async function buildDigestQuery(): Promise<string> {
  const tables = await queryRows<{ table_name: string; columns: string }>(ctx.app.database.db, sql`
    SELECT table_name, string_agg(quote_ident(column_name), ',' ORDER BY column_name) AS columns
    FROM information_schema.columns WHERE table_schema = current_schema() GROUP BY table_name ORDER BY table_name`);
  return tables
    .filter((row) => !undigested.has(row.table_name))
    .map((row) => {
      const skip = new Set(refusalWrites[row.table_name] ?? []);
      const columns = row.columns.split(',').filter((column) => !skip.has(column.replaceAll('"', ''))).join(',');
      return `SELECT '${row.table_name}' AS t, count(*) || ':' || coalesce(sum(hashtextextended(ROW(${columns})::text, 0)::numeric), 0) AS d ` +
        `FROM "${row.table_name}"`;
    })
    .join(' UNION ALL ');
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((table) => before.get(table) !== after.get(table));
}

/** Keeps the fuzz's own user and admin signed in and unblocked whatever the previous route did to them. */
async function restoreSessions() {
  await ctx.app.database.db.execute(sql`UPDATE users SET blocked_at = NULL, locked_until = NULL, pay_locked_until = NULL, failed_login_count = 0, failed_pay_count = 0`);
  const user = await call(ctx.app, 'POST', '/api/user/info', { token: tokens.user, body: {} });
  const admin = await call(ctx.app, 'GET', '/admin/audit?pageSize=1', { token: tokens.admin });
  if (user.code !== 200 || admin.code !== 200) await signIn();
}

group('API fuzz', () => {
  it('never answers 500 on any route, keeps answering, and changes nothing on a refused call', async () => {
    const list = targets();
    expect(list.length).toBeGreaterThan(100);
    const failures: Failure[] = [];
    let requests = 0;
    let refused = 0;
    let validSamplesAccepted = 0;
    let digests = 0;
    const started = Date.now();

    let refusedWithChange = 0;
    const combos = list.flatMap((target, index): { target: Target; index: number; role: Role }[] =>
      ALL_ROLES
        ? (['visitor', 'user', 'admin'] as const).map((role) => ({ target, index, role }))
        : [{ target, index, role: target.auth === 'public' ? (index % 2 ? 'user' : 'visitor') : target.auth }],
    );
    if (ALL_ROLES) console.log(`api fuzz (long): seed ${SEED}, ${list.length} routes × 3 roles, ${RUNS_PER_ROUTE} mutations each`);
    for (const [comboIndex, { target, index, role }] of combos.entries()) {
      const route = `${target.method} ${target.url}`;
      let before = await stateDigest();
      let mark = await writeMark();
      for (const [n, request] of requestsFor(target, role).entries()) {
        const token = role === 'visitor' ? undefined : tokens[role];
        const options: InjectOptions = {
          method: target.method,
          url: request.url,
          headers: { ...request.headers, ...(token && { authorization: token }) },
          remoteAddress: `10.77.${index % 250}.${(n % 250) + 1}`,
          ...(request.payload !== undefined && { payload: request.payload }),
        };
        const response = await ctx.app.inject(options);
        requests += 1;
        const msg = (() => {
          try {
            return response.json<{ msg?: string }>().msg ?? '';
          } catch {
            return response.body.slice(0, 80);
          }
        })();
        if (response.statusCode >= 500) failures.push({ route, as: role, note: request.note, status: response.statusCode, msg });
        if (n === 0 && response.statusCode < 400) validSamplesAccepted += 1;
        if (response.statusCode >= 400) refused += 1;
        const nextMark = await writeMark();
        if (nextMark === mark) continue;
        mark = nextMark;
        const after = await stateDigest();
        digests += 1;
        const changed = changedTables(before, after);
        if (response.statusCode >= 400 && changed.length) {
          refusedWithChange += 1;
          failures.push({ route, as: role, note: `${request.note} → refused ${response.statusCode} but changed ${changed.join(', ')}`, status: response.statusCode, msg });
        }
        before = after;
      }
      await restoreSessions();
      if (ALL_ROLES && (comboIndex + 1) % 25 === 0) {
        const serverErrors = failures.filter((f) => f.status >= 500).length;
        console.log(`api fuzz (long): ${comboIndex + 1}/${combos.length} route×role, ${requests} requests, ${serverErrors} 5xx, ${refusedWithChange} refusals that changed state, ${((Date.now() - started) / 1000).toFixed(0)} s`);
      }
    }

    const health = await call<{ status: string }>(ctx.app, 'GET', '/health');
    expect(health.data.status).toBe('ok');
    const audit = await auditLedger(ctx.app.database.db);
    expect(audit).toMatchObject({ unbalancedEntries: 0, accountsOffTheirPostings: 0, negativeUserAccounts: 0, frozenNotMatchingHolds: 0 });
    expect(userId).toBeGreaterThan(0);

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `api fuzz: seed ${SEED}, ${list.length} routes${ALL_ROLES ? ' × 3 roles' : ''}, ${requests} requests, ${failures.filter((f) => f.status >= 500).length} server errors, ` +
        `${refusedWithChange} refusals that changed state ` +
        `(${refused} refused, ${validSamplesAccepted} valid-looking samples accepted, ${digests} state digests after a write, ` +
        `${Object.keys(notFuzzed).length} route not fuzzed, ${seconds} s)`,
    );
    for (const failure of failures.slice(0, 40)) console.log(`  ${failure.status} ${failure.route} as ${failure.as}: ${failure.note} — ${failure.msg}`);
    expect(failures).toEqual([]);
  }, TIMEOUT_MS);
});
