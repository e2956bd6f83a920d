/** Query keys of the inbox: the message list (with its unread count) and single messages. */
export const inboxKeys = {
  all: ['inbox'] as const,
  list: ['inbox', 'list'] as const,
  message: (id: number) => ['inbox', 'message', id] as const,
};
