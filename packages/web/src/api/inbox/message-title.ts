import type { InboxMessage } from '@tradewind/contract';
import { api } from '../client';

/**
 * The title of a message just pushed on the private channel, in the app's language. The push is
 * rendered once for every device of the user (in English, the stored text), while the inbox call
 * answers in the language of the request (`languages` header): the newest messages are read and
 * the pushed one's title taken from there; the pushed title stays when it is not found.
 */
export async function localizedMessageTitle(message: Pick<InboxMessage, 'id' | 'title'>, signal?: AbortSignal): Promise<string> {
  try {
    const page = await api.get('/userMessage/getMessage', {
      query: { pageNum: 1, pageSize: 5 },
      schema: () => import('./inbox-schema').then((schemas) => schemas.inboxPageSchema),
      signal,
    });
    return page.list.find((item) => item.id === message.id)?.title ?? message.title;
  } catch {
    return message.title;
  }
}
