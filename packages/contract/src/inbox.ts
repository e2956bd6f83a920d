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

export const MESSAGE_TITLE_MAX = 100;
export const MESSAGE_CONTENT_MAX = 2000;

/**
 * Back office: a message to one user (`audience: 'user'` with `userId`) or to every user
 * (`audience: 'all'`); spelling out the audience keeps a forgotten id from becoming a broadcast.
 */
export const adminSendMessageBody = z
  .strictObject({
    audience: z.enum(['user', 'all']),
    userId: z.number().int().positive().optional(),
    title: z.string().trim().min(1).max(MESSAGE_TITLE_MAX),
    content: z.string().trim().min(1).max(MESSAGE_CONTENT_MAX),
  })
  .superRefine((body, check) => {
    if (body.audience === 'user' && body.userId === undefined) {
      check.addIssue({ code: 'custom', path: ['userId'], message: 'is required when the audience is one user' });
    }
    if (body.audience === 'all' && body.userId !== undefined) {
      check.addIssue({ code: 'custom', path: ['userId'], message: 'must be left out when the audience is every user' });
    }
  });
export type AdminSendMessageBody = z.infer<typeof adminSendMessageBody>;
export const adminSendMessageResultSchema = z.object({ delivered: z.number().int() });
