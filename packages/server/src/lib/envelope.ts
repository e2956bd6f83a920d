import { envelopeSchema, type Envelope } from '@tradewind/contract';
import { z } from 'zod';

export const ok = <T>(data: T): Envelope<T> => ({ code: 200, msg: 'success', data });

/** Response schemas for a route whose `data` has this shape (used for OpenAPI and for serialisation). */
export const okResponse = <T extends z.ZodType>(data: T) => ({ 200: envelopeSchema(data) });
export const okNull = okResponse(z.null());
