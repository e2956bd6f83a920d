import { ApiCode } from '@tradewind/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { translate, type MessageKey, type MessageParams } from '../i18n/messages.js';
import { AppError } from '../lib/app-error.js';
import { describeValidationIssue } from './validation-message.js';

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: number,
  key: MessageKey,
  params?: MessageParams,
) {
  const seconds = params?.seconds;
  if (code === ApiCode.TooManyRequests && (typeof seconds === 'number' || typeof seconds === 'string')) reply.header('retry-after', String(seconds));
  return reply.status(code).send({ code, msg: translate(request.locale, key, params), data: null });
}

/** Fastify's own client errors, by their error code. */
const frameworkErrors: Record<string, { code: number; key: MessageKey }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: ApiCode.BadRequest, key: 'invalidJson' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: ApiCode.BadRequest, key: 'invalidJson' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: ApiCode.BadRequest, key: 'unsupportedMediaType' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: ApiCode.BadRequest, key: 'invalidJson' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: ApiCode.PayloadTooLarge, key: 'bodyTooLarge' },
};

/** The one error handler: AppErrors and validation errors become envelopes; anything else is a hidden 500. */
export const errorsPlugin = fp(
  (app: FastifyInstance) => {
    app.setErrorHandler((thrown: Error, request, reply) => {
      if (thrown instanceof AppError) return sendError(request, reply, thrown.code, thrown.key, thrown.params);
      const error = thrown as FastifyError;

      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0]!;
        const { key, params } = describeValidationIssue(first, error.validationContext ?? 'body');
        return sendError(request, reply, ApiCode.BadRequest, key, params);
      }

      const known = error.code ? frameworkErrors[error.code] : undefined;
      if (known) return sendError(request, reply, known.code, known.key);
      if (error.statusCode === 429) return sendError(request, reply, ApiCode.TooManyRequests, 'tooManyRequests', { seconds: 60 });
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        request.log.info({ err: error }, 'client error');
        return sendError(request, reply, ApiCode.BadRequest, 'validation.value', { field: 'request' });
      }

      request.log.error({ err: error }, 'unhandled error');
      return sendError(request, reply, ApiCode.ServerError, 'serverError');
    });

    app.setNotFoundHandler((request, reply) => sendError(request, reply, ApiCode.NotFound, 'notFound'));
  },
  { name: 'errors' },
);
