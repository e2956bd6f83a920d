import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import * as contract from '@tradewind/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';
import { REQUEST_ID_HEADER } from '../lib/request-id.js';
import { markRoutesPublic } from './auth.plugin.js';

/** The one security scheme: the session token a sign-in answers, sent as `Authorization: Bearer <token>` (or bare). */
export const SECURITY_SCHEME = 'sessionToken';

/**
 * Every zod schema the contract exports, named after its export (`transferBody` → `TransferBody`,
 * `walletBalanceSchema` → `WalletBalance`): a route using one gets a `$ref` to
 * `#/components/schemas/<Name>` (answers) or `<Name>Input` (requests) instead of an inlined copy.
 * A schema added to the contract later is named without anyone editing this file.
 */
export const contractRegistry = z.registry<{ id: string }>();
/** Component name → the contract export it is made from. */
export const componentOf = new Map<string, string>();
for (const [exportName, value] of Object.entries(contract)) {
  if (!(value instanceof $ZodType) || contractRegistry.has(value)) continue;
  const id = componentName(exportName);
  const earlier = componentOf.get(id);
  if (earlier) throw new Error(`openapi: contract exports ${earlier} and ${exportName} would both be component ${id}`);
  componentOf.set(id, exportName);
  contractRegistry.add(value, { id });
}

export function componentName(exportName: string): string {
  const base = exportName.endsWith('Schema') && exportName !== 'Schema' ? exportName.slice(0, -'Schema'.length) : exportName;
  return base.charAt(0).toUpperCase() + base.slice(1);
}

/** `POST /userSelfSecurity/delete/:id` → `postUserSelfSecurityDeleteById`: stable as long as the route is. */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `by-${segment.slice(1)}` : segment))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return method.toLowerCase() + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

const zodTransform = createJsonSchemaTransform({ schemaRegistry: contractRegistry, skipList: [] });
/** Parameters stay inline: @fastify/swagger spreads their properties into `parameters`, which a `$ref` would hide. */
const inlineTransform = createJsonSchemaTransform({ schemaRegistry: z.registry<{ id: string }>(), skipList: [] });
const PARAMETER_PARTS = ['querystring', 'params', 'headers'] as const;
const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: contractRegistry });

type TransformInput = Parameters<typeof zodTransform>[0] & { route: RouteOptions };
type Json = Record<string, unknown>;

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } };
const requestIdHeader = { 'X-Request-Id': { $ref: '#/components/headers/RequestId' } };
const errorResponse = (description: string, headers: Json = {}) => ({
  description,
  headers: { ...requestIdHeader, ...headers },
  content: errorContent,
});

/** The envelope answers every operation can give besides success (DESIGN §8: the HTTP status mirrors `code`). */
const components = {
  securitySchemes: {
    [SECURITY_SCHEME]: {
      type: 'http',
      scheme: 'bearer',
      description:
        'The `token` a sign-in answers (`/loginByUsername`, `/register/email`, …). Send `Authorization: Bearer <token>`; ' +
        'the bare token is accepted too. Admin calls also need an admin account with two-factor sign-in on.',
    },
  },
  parameters: {
    Languages: {
      name: 'languages',
      in: 'header',
      required: false,
      description: 'The language of `msg` (en, ja, hi, th, zh_CN, zh_TW, …); wins over `Accept-Language`, which is read too.',
      schema: { type: 'string', example: 'en' },
    },
    IdempotencyKey: {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'Any 1–100 characters chosen by the client for this money-moving call: repeating the call with the same key answers the first result instead of acting twice.',
      schema: { type: 'string', minLength: 1, maxLength: 100 },
    },
  },
  headers: {
    RequestId: {
      description: 'The id this request’s log lines carry: the caller’s own `X-Request-Id` when it is plain and short, otherwise a fresh UUID.',
      schema: { type: 'string' },
    },
    RetryAfter: { description: 'Seconds until the limit lets the call through again.', schema: { type: 'integer' } },
  },
  responses: {
    BadRequest: errorResponse('Refused input: `msg` names the field as users call it (a missing or malformed field, invalid JSON).'),
    Unauthorized: errorResponse('No session token, or one that no longer signs in.'),
    Forbidden: errorResponse('An admin call by a non-admin, or by an admin without two-factor sign-in.'),
    TooManyRequests: errorResponse('Called too often; try again after `Retry-After` seconds.', { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } }),
    Refused: errorResponse('Another refusal by the call itself (403 not allowed, 404 not found, 409 conflict, 413 too large …); `msg` says why.'),
    ServerError: errorResponse('An unexpected failure (500; details only in the server log under the request id) or the server shutting down (503).'),
  },
};

/**
 * Per route, from its own declarations: security from `config.auth` (absent counts as `user`, as the
 * auth plugin treats it), an operationId, and which headers and refusals apply (read in `finishDocument`).
 */
function transform(input: TransformInput) {
  const original = (input.schema ?? {}) as Json;
  const parameters = Object.fromEntries(PARAMETER_PARTS.filter((part) => original[part] !== undefined).map((part) => [part, original[part]]));
  const bodies = Object.fromEntries(Object.entries(original).filter(([part]) => !(part in parameters)));
  const result = zodTransform({ ...input, schema: bodies });
  const inline = inlineTransform({ ...input, schema: parameters });
  const schema = { ...(result.schema as Json), ...(inline.schema as Json) };
  if (schema.hide) return result;
  const { route } = input;
  const method = Array.isArray(route.method) ? String(route.method[0]) : String(route.method);
  const access = route.config?.auth ?? 'user';
  const hasInput = ['body', 'querystring', 'params', 'headers'].some((part) => original[part] !== undefined);
  return {
    url: result.url,
    schema: {
      ...schema,
      operationId: typeof original.operationId === 'string' ? original.operationId : operationIdFor(method, route.url),
      security: access === 'public' ? [] : [{ [SECURITY_SCHEME]: [] }],
      'x-access': access,
      // Turned into `responses` by finishDocument (a `$ref` here would be taken for a JSON schema).
      'x-refusals': {
        ...((hasInput || method !== 'GET') && { 400: 'BadRequest' }),
        ...(access !== 'public' && { 401: 'Unauthorized' }),
        ...(access === 'admin' && { 403: 'Forbidden' }),
        ...(route.config?.rateLimit && { 429: 'TooManyRequests' }),
        '4XX': 'Refused',
        '5XX': 'ServerError',
      },
      ...(route.config?.idempotencyKey && { 'x-idempotency-key': true }),
    },
  };
}

const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every `$ref` target under `value`. */
function refsIn(value: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => refsIn(item, found));
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') found.add(inner);
      else refsIn(inner, found);
    }
  }
  return found;
}

/**
 * The whole document: contract components, headers on every operation and answer, root tags, and only
 * the named schemas something refers to (the contract names more than the routes use).
 */
function finishDocument(input: Parameters<typeof zodTransformObject>[0]) {
  const document = zodTransformObject(input) as Json & { paths: Record<string, Record<string, Json>>; components: Json };
  const operationIds = new Map<string, string>();
  const tags = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of OPERATION_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const id = String(operation.operationId);
      const clash = operationIds.get(id);
      if (clash) throw new Error(`openapi: operationId ${id} of ${method} ${path} is also ${clash}'s; declare schema.operationId on one`);
      operationIds.set(id, `${method} ${path}`);
      for (const tag of (operation.tags as string[] | undefined) ?? []) tags.add(tag);
      const idempotent = operation['x-idempotency-key'] === true;
      delete operation['x-idempotency-key'];
      operation.parameters = [
        ...((operation.parameters as unknown[] | undefined) ?? []),
        { $ref: '#/components/parameters/Languages' },
        ...(idempotent ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
      ];
      const responses = operation.responses as Record<string, Json>;
      for (const [status, answer] of Object.entries(responses)) {
        if (status === '200' && answer.description === 'Default Response') answer.description = 'Success: the envelope with `code` 200 and the answer in `data`.';
        answer.headers = { ...requestIdHeader, ...(answer.headers as Json | undefined) };
      }
      for (const [status, name] of Object.entries(operation['x-refusals'] as Record<string, string>)) {
        responses[status] ??= { $ref: `#/components/responses/${name}` };
      }
      delete operation['x-refusals'];
    }
  }

  const schemas = (document.components.schemas ?? {}) as Record<string, unknown>;
  const otherComponents = { ...document.components };
  delete otherComponents.schemas;
  const reachable = new Set<string>();
  const queue = [...refsIn({ paths: document.paths, components: otherComponents }, new Set())];
  while (queue.length > 0) {
    const ref = queue.pop()!;
    const name = ref.startsWith('#/components/schemas/') ? ref.slice('#/components/schemas/'.length) : undefined;
    if (!name || reachable.has(name)) continue;
    if (!(name in schemas)) throw new Error(`openapi: ${ref} names no schema`);
    reachable.add(name);
    queue.push(...refsIn(schemas[name], new Set()));
  }
  const used = Object.fromEntries(Object.entries(schemas).filter(([name]) => reachable.has(name)).sort(([a], [b]) => a.localeCompare(b)));

  return {
    ...document,
    tags: [...tags].sort().map((name) => ({ name })),
    components: { ...otherComponents, schemas: used },
  };
}

/** `GET /openapi.json` generated from the routes and the contract's schemas, and a browsable reference at `/docs`. */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        // 3.1: its schemas are JSON Schema 2020-12, which is what zod emits (`null`, `const`) without lossy rewriting.
        openapi: '3.1.0',
        info: {
          title: 'Tradewind API',
          version: '0.1.0',
          description:
            'Every answer is an envelope `{code, msg, data}`; code 200 is success and the HTTP status mirrors `code`. ' +
            'Signed-in calls take the session token as `Authorization: Bearer <token>`. `msg` follows the `languages` / `Accept-Language` headers. ' +
            `Every answer carries \`${REQUEST_ID_HEADER}\`. How to generate a client: docs/api.md.`,
        },
        // Relative: the server that serves this document (Swagger UI and generated clients resolve it against their base URL).
        servers: [{ url: '/', description: 'This server' }],
        components: components as never,
      },
      transform,
      transformObject: finishDocument,
    });
    await app.register(async (scope) => {
      scope.addHook('onRoute', markRoutesPublic);
      await scope.register(swaggerUi, { routePrefix: '/docs' });
    });
    app.get('/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, () => app.swagger());
  },
  { name: 'openapi' },
);
