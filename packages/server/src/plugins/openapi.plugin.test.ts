import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { componentOf, operationIdFor } from './openapi.plugin.js';

const run = promisify(execFile);
const serverDir = join(dirname(fileURLToPath(import.meta.url)), '../..');
const repoDir = join(serverDir, '../..');
const bin = (path: string) => join(repoDir, 'node_modules', path);

interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ $ref?: string; name?: string; in?: string }>;
  responses: Record<string, { $ref?: string; headers?: Record<string, unknown> }>;
  'x-access'?: string;
}
interface Document {
  openapi: string;
  servers?: Array<{ url: string }>;
  tags?: Array<{ name: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, { type: string; scheme?: string }> };
}

let ctx: TestContext;
let document: Document;
let documentText: string;
const routes: RouteOptions[] = [];
let workDir: string;

beforeAll(async () => {
  ctx = await createTestContext({}, { onRoute: (route) => routes.push(route) });
  const response = await ctx.app.inject({ method: 'GET', url: '/openapi.json' });
  expect(response.statusCode).toBe(200);
  documentText = response.body;
  document = response.json<Document>();
  // Under the repo's node_modules so the probe below resolves @tradewind/contract and zod as the app does.
  const cache = join(repoDir, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  workDir = mkdtempSync(join(cache, 'openapi-'));
  writeFileSync(join(workDir, 'openapi.json'), documentText);
});
afterAll(async () => {
  await ctx.close();
  rmSync(workDir, { recursive: true, force: true });
});

const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method, operation })));

/** The document's path of a route (`/a/:id` → `/a/{id}`). */
const documentPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('the API document', () => {
  it('passes `redocly lint` (packages/server/redocly.yaml) with 0 errors; warnings are counted', async () => {
    const { stdout } = await run(process.execPath, [bin('@redocly/cli/bin/cli.js'), 'lint', join(workDir, 'openapi.json'), '--config', join(serverDir, 'redocly.yaml'), '--format=json', '--max-problems=10000'], {
      maxBuffer: 64 * 1024 * 1024,
    }).catch((failure: { stdout: string }) => ({ stdout: failure.stdout }));
    const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }> };
    const byRule = new Map<string, number>();
    for (const problem of report.problems) byRule.set(`${problem.severity} ${problem.ruleId}`, (byRule.get(`${problem.severity} ${problem.ruleId}`) ?? 0) + 1);
    console.log(`redocly lint /openapi.json: ${report.totals.errors} errors, ${report.totals.warnings} warnings`, Object.fromEntries(byRule));
    const errors = report.problems.filter((problem) => problem.severity === 'error').map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
  }, 120_000);

  it('declares security from each route’s config.auth: none on public routes, the session token on every other', () => {
    expect(document.components.securitySchemes.sessionToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    let checked = 0;
    for (const route of routes) {
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((method) => method.toLowerCase());
      for (const method of methods) {
        const operation = document.paths[documentPath(route.url)]?.[method];
        if (!operation) continue;
        const access = route.config?.auth ?? 'user';
        expect(operation['x-access'], `${method} ${route.url}`).toBe(access);
        expect(operation.security, `${method} ${route.url}`).toEqual(access === 'public' ? [] : [{ sessionToken: [] }]);
        if (access !== 'public') expect(operation.responses['401'], `${method} ${route.url}`).toEqual({ $ref: '#/components/responses/Unauthorized' });
        if (access === 'admin') expect(operation.responses['403'], `${method} ${route.url}`).toEqual({ $ref: '#/components/responses/Forbidden' });
        const idempotent = operation.parameters?.some((parameter) => parameter.$ref === '#/components/parameters/IdempotencyKey') ?? false;
        expect(idempotent, `${method} ${route.url} Idempotency-Key`).toBe(route.config?.idempotencyKey === true);
        checked++;
      }
    }
    expect(checked).toBe(operations().length);
    expect(operations().filter(({ operation }) => operation.security?.length === 0).length).toBeGreaterThan(10);
    expect(operations().filter(({ operation }) => operation['x-access'] === 'admin').length).toBeGreaterThan(15);
    expect(operations().filter(({ operation }) => operation.parameters?.some((p) => p.$ref?.endsWith('/IdempotencyKey'))).length).toBeGreaterThanOrEqual(11);
  });

  it('names every operation, reads `languages`, answers X-Request-Id and the error envelope on 4XX/5XX', () => {
    expect(document.servers).toEqual([{ url: '/', description: 'This server' }]);
    const ids = new Set<string>();
    for (const { path, method, operation } of operations()) {
      expect(operation.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z0-9]+$/);
      ids.add(operation.operationId!);
      expect(operation.parameters, `${method} ${path}`).toContainEqual({ $ref: '#/components/parameters/Languages' });
      expect(operation.responses['200']?.headers, `${method} ${path}`).toEqual({ 'X-Request-Id': { $ref: '#/components/headers/RequestId' } });
      expect(operation.responses['4XX'], `${method} ${path}`).toEqual({ $ref: '#/components/responses/Refused' });
      expect(operation.responses['5XX'], `${method} ${path}`).toEqual({ $ref: '#/components/responses/ServerError' });
    }
    expect(ids.size).toBe(operations().length);
    expect(document.paths['/wallet/transfer']?.post?.operationId).toBe('postWalletTransfer');
    expect(operationIdFor('POST', '/userSelfSecurity/delete/:id')).toBe('postUserSelfSecurityDeleteById');
  });

  it('refers to named contract schemas instead of inlining them, and keeps only the ones it uses', () => {
    const schemas = Object.keys(document.components.schemas);
    expect(schemas.length).toBeGreaterThan(100);
    expect(schemas).toEqual(expect.arrayContaining(['ErrorEnvelope', 'Transfer', 'TransferBodyInput', 'User']));
    const text = JSON.stringify(document.paths);
    expect(text).toContain('"$ref":"#/components/schemas/Transfer"');
    for (const name of schemas) expect(documentText, name).toContain(`"#/components/schemas/${name}"`);
  });

  it('generates a TypeScript client with openapi-typescript whose types match the contract’s', async () => {
    await run(process.execPath, [bin('openapi-typescript/bin/cli.js'), join(workDir, 'openapi.json'), '--output', join(workDir, 'api.d.ts'), '--default-non-nullable', 'false']);
    // Each named answer schema must be the same type as the contract's zod output. A request body a client builds
    // must be accepted by the contract's zod input (which is wider where the server coerces, e.g. `unknown` page
    // numbers) and name the same fields. A field renamed, retyped, added or dropped on one side fails tsc.
    const checks = [...componentOf.entries()]
      .flatMap(([name, exportName]) => [
        ...(name in document.components.schemas ? [`check<Same<Schemas['${name}'], z.output<typeof contract.${exportName}>>>('${name}');`] : []),
        ...(`${name}Input` in document.components.schemas ? [`check<Accepted<Schemas['${name}Input'], z.input<typeof contract.${exportName}>>>('${name}Input');`] : []),
      ]);
    expect(checks.length).toBeGreaterThan(100);
    writeFileSync(
      join(workDir, 'probe.ts'),
      [
        `import type { z } from 'zod';`,
        `import type * as contract from '@tradewind/contract';`,
        `import type { components, paths } from './api.js';`,
        `type Schemas = components['schemas'];`,
        `type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;`,
        `type Accepted<Client, Server> = [Client] extends [Server] ? Same<keyof Client, keyof Server> : false;`,
        `declare function check<T extends true>(name: string): T;`,
        ...checks,
        // A call as a client makes it: the answer's `data` is the contract's transfer.
        `type TransferAnswer = paths['/wallet/transfer']['post']['responses'][200]['content']['application/json'];`,
        `check<Same<TransferAnswer['data'], contract.Transfer>>('POST /wallet/transfer');`,
        `type Refusal = paths['/wallet/transfer']['post']['responses'][401]['content']['application/json'];`,
        `check<Same<Refusal, { code: number; msg: string; data: null }>>('401 envelope');`,
        '',
      ].join('\n'),
    );
    writeFileSync(
      join(workDir, 'tsconfig.json'),
      JSON.stringify({ extends: join(repoDir, 'tsconfig.base.json'), compilerOptions: { noEmit: true }, files: ['probe.ts', 'api.d.ts'] }),
    );
    const result = await run(process.execPath, [bin('typescript/bin/tsc'), '-p', join(workDir, 'tsconfig.json')], { maxBuffer: 16 * 1024 * 1024 }).then(
      () => '',
      (failure: { stdout: string }) => failure.stdout,
    );
    expect(result).toBe('');
  }, 180_000);
});
