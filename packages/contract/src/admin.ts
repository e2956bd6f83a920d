import { z } from 'zod';

export const outboxMessageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  code: z.string().nullable(),
  createTimeTimestamp: z.number().int(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxQuery = z.strictObject({
  to: z.string().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
