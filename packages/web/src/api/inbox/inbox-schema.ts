/* Loaded with `import()` by the unread count, which the tab bar asks for at first paint (zod is not part of it). */
export { inboxPageSchema } from '@tradewind/contract';
