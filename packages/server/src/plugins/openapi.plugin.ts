import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { markRoutesPublic } from './auth.plugin.js';

/** `GET /openapi.json` generated from the contract's schemas, and a browsable reference at `/docs`. */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Tradewind API',
          version: '0.1.0',
          description:
            'Every answer is an envelope `{code, msg, data}`; code 200 is success and the HTTP status mirrors `code`. ' +
            'Send the session token as `Authorization: <token>`. `msg` follows the `languages` / `accept-language` headers.',
        },
        components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(async (scope) => {
      scope.addHook('onRoute', markRoutesPublic);
      await scope.register(swaggerUi, { routePrefix: '/docs' });
    });
    app.get('/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, () => app.swagger());
  },
  { name: 'openapi' },
);
