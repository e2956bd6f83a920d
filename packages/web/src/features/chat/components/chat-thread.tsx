import type { ChatMessage } from '@tradewind/contract';
import { useTranslation } from 'react-i18next';
import { DateFormat, formatDate } from '../../../lib/format-date';
import { ChatImage } from './chat-image';

interface ChatThreadProps {
  messages: readonly ChatMessage[];
  /** Bytes of images this device just sent, shown without fetching them back. */
  localImages: ReadonlyMap<string, Blob>;
}

/** The conversation, oldest first: the customer's lines on the right, support's on the left. */
export function ChatThread({ messages, localImages }: ChatThreadProps) {
  const { t } = useTranslation();
  return (
    <ol className="chat-thread" aria-label={t('chat.title')} aria-live="polite">
      {messages.map((message) => {
        const mine = message.sender === 'user';
        return (
          <li key={message.id} className={mine ? 'chat-line chat-line-mine' : 'chat-line chat-line-agent'} data-sender={message.sender}>
            <span className="chat-who">{mine ? t('chat.you') : t('chat.agent')}</span>
            <div className="chat-bubble">
              {message.imageUrl ? <ChatImage url={message.imageUrl} alt={t('chat.image')} local={localImages.get(message.imageUrl)} /> : null}
              {message.text ? <p className="chat-text">{message.text}</p> : null}
            </div>
            <time className="chat-time" dateTime={new Date(message.createTimestamp).toISOString()}>
              {formatDate(message.createTimestamp, DateFormat.time)}
            </time>
          </li>
        );
      })}
    </ol>
  );
}
