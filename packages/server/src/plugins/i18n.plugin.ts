import { defaultLocale, localeFromHeader } from '@tradewind/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** SPEC §7: the client sends `languages` (en, ja, zh_TW …) and `accept-language`; `languages` wins. */
export const i18nPlugin = fp(
  (app: FastifyInstance) => {
    app.decorateRequest('locale', defaultLocale);
    app.addHook('onRequest', (request, _reply, done) => {
      const header = (name: string) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      request.locale = localeFromHeader(header('languages')) ?? localeFromHeader(header('accept-language')) ?? defaultLocale;
      done();
    });
  },
  { name: 'i18n' },
);
