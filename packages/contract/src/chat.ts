import { z } from 'zod';

/** The longest chat text, in characters. */
export const CHAT_TEXT_MAX = 2000;

/**
 * A visitor's conversation key: a random string the web app makes once and keeps in local storage.
 * Sent as the `X-Visitor-Token` header on chat calls and in the `visitor` message on `/ws`.
 */
export const visitorTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{32,128}$/, 'must be 32 to 128 letters, digits, - or _');
export const VISITOR_TOKEN_HEADER = 'x-visitor-token';

export const chatSenders = ['user', 'agent'] as const;
export type ChatSender = (typeof chatSenders)[number];
export const chatStatuses = ['open', 'closed'] as const;
export type ChatStatus = (typeof chatStatuses)[number];

/** One chat line; `text`, `imageUrl` or both. `createTimestamp` is in Unix milliseconds. */
export const chatMessageSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  sender: z.enum(chatSenders),
  text: z.string().nullable(),
  imageUrl: z.string().nullable(),
  createTimestamp: z.number().int(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Older messages before `beforeId` (newest page when left out); the page comes oldest first. */
export const chatHistoryQuery = z.strictObject({
  beforeId: z.coerce.number().int().positive().optional(),
  pageSize: z.coerce.number().int().min(1).max(100).default(30),
});

/** The caller's side: their messages with support, the latest conversation's state and what they have not read. */
export const chatHistorySchema = z.object({
  conversationId: z.number().int().nullable(),
  status: z.enum(chatStatuses).nullable(),
  unread: z.number().int(),
  list: z.array(chatMessageSchema),
  hasMore: z.boolean(),
});
export type ChatHistory = z.infer<typeof chatHistorySchema>;

export const chatSendBody = z.strictObject({
  text: z.string().trim().min(1).max(CHAT_TEXT_MAX).optional(),
  /** A URL answered by `/file/upload` to the sender. */
  imageUrl: z.string().min(1).max(200).optional(),
});
export type ChatSendBody = z.infer<typeof chatSendBody>;

export const chatReplyBody = z.strictObject({ text: z.string().trim().min(1).max(CHAT_TEXT_MAX) });

/** After login: the visitor's open conversation becomes the user's. */
export const chatClaimBody = z.strictObject({ visitorToken: visitorTokenSchema });

export const chatUnreadSchema = z.object({ unread: z.number().int() });

/** What the agent console shows of a conversation; `name` and `phone` are the metadata it opened with. */
export const agentConversationSchema = z.object({
  id: z.number().int(),
  status: z.enum(chatStatuses),
  userId: z.number().int().nullable(),
  email: z.string().nullable(),
  name: z.string(),
  phone: z.string(),
  /** Messages from the customer the agents have not read. */
  unread: z.number().int(),
  lastMessage: chatMessageSchema.nullable(),
  createTimestamp: z.number().int(),
});
export type AgentConversation = z.infer<typeof agentConversationSchema>;

export const agentConversationsQuery = z.strictObject({ status: z.enum(chatStatuses).default('open') });
export const agentConversationParams = z.strictObject({ id: z.coerce.number().int().positive() });
export const agentHistorySchema = z.object({
  conversation: agentConversationSchema,
  list: z.array(chatMessageSchema),
  hasMore: z.boolean(),
});
export type AgentHistory = z.infer<typeof agentHistorySchema>;
