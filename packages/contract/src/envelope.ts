import { z } from 'zod';

/** `code` of the `{code, msg, data}` envelope; the HTTP status mirrors it (DESIGN §8). */
export const ApiCode = {
  Success: 200,
  BadRequest: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  PayloadTooLarge: 413,
  TooManyRequests: 429,
  ServerError: 500,
  Unavailable: 503,
} as const;
export type ApiCode = (typeof ApiCode)[keyof typeof ApiCode];

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

export const errorEnvelopeSchema = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.null(),
});
