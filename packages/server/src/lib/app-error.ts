import { ApiCode } from '@tradewind/contract';
import type { MessageKey, MessageParams } from '../i18n/messages.js';

/** The one error type use cases throw; the error handler turns it into an envelope in the caller's language. */
export class AppError extends Error {
  constructor(
    readonly code: ApiCode,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
  ) {
    super(key);
    this.name = 'AppError';
  }

  static badRequest(key: MessageKey, params?: MessageParams) {
    return new AppError(ApiCode.BadRequest, key, params);
  }
  static unauthorized() {
    return new AppError(ApiCode.Unauthorized, 'loginExpired');
  }
  static forbidden(key: MessageKey = 'forbidden') {
    return new AppError(ApiCode.Forbidden, key);
  }
  static notFound(key: MessageKey = 'notFound', params?: MessageParams) {
    return new AppError(ApiCode.NotFound, key, params);
  }
  static conflict(key: MessageKey, params?: MessageParams) {
    return new AppError(ApiCode.Conflict, key, params);
  }
  static tooManyRequests(retryAfterSeconds: number, key: MessageKey = 'tooManyRequests') {
    return new AppError(ApiCode.TooManyRequests, key, {
      seconds: retryAfterSeconds,
      minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)),
    });
  }
}
