import { z } from 'zod';

/** SPEC §3 message: `createTimestamp` and a read state. */
export const inboxMessageSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  isRead: z.boolean(),
  createTimestamp: z.number().int(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

export const inboxQuery = z.strictObject({
  read: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const inboxPageSchema = z.object({
  list: z.array(inboxMessageSchema),
  total: z.number().int(),
  unread: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});
/** Marks one message read, or every message when `id` is left out (idempotent either way). */
export const updateReadBody = z.strictObject({ id: z.coerce.number().int().positive().optional() });
export const messageParams = z.strictObject({ id: z.coerce.number().int().positive() });
