import { type AgentConversation, CHAT_TEXT_MAX, type ChatStatus } from '@tradewind/contract';
import './chat-console.css';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from '../../lib/router/router';
import { useCloseChat } from '../api/close-chat';
import { useChatConversations } from '../api/get-chat-conversations';
import { useChatThread } from '../api/get-chat-thread';
import { useReadChat } from '../api/read-chat';
import { useReplyChat } from '../api/reply-chat';
import { ConfirmDialog } from '../components/confirm-dialog';
import { PageHeader } from '../components/page-header';
import { ProtectedImage } from '../components/protected-image';
import { QueryView } from '../components/query-view';
import { useAdminTranslation } from '../i18n/use-admin-translation';
import { formatDateTime } from '../lib/format';
import { useAgentChannel } from '../lib/use-agent-channel';

const seconds = (ms: number) => Math.floor(ms / 1000);

/** Who the customer is: the name and phone the conversation opened with, the e-mail, or a visitor. */
function CustomerName({ conversation }: { conversation: AgentConversation }) {
  const { t } = useAdminTranslation();
  if (conversation.userId === null) return <>{t('chat.visitor', { id: conversation.id })}</>;
  return <>{conversation.name || conversation.email || t('common.userNo', { id: conversation.userId })}</>;
}

function ConversationList({ status, selected, onSelect }: { status: ChatStatus; selected: number | null; onSelect: (id: number) => void }) {
  const { t } = useAdminTranslation();
  const query = useChatConversations(status);
  return (
    <QueryView query={query}>
      {(conversations) =>
        conversations.length === 0 ? (
          <p className="bo-chat-empty">{status === 'open' ? t('chat.noneOpen') : t('chat.noneClosed')}</p>
        ) : (
          <ul className="bo-chat-list" aria-label={t('chat.conversations')}>
            {conversations.map((conversation) => (
              <li key={conversation.id}>
                <button
                  type="button"
                  className={conversation.id === selected ? 'bo-chat-item bo-chat-item-active' : 'bo-chat-item'}
                  aria-current={conversation.id === selected}
                  onClick={() => onSelect(conversation.id)}
                >
                  <span className="bo-chat-item-head">
                    <span className="bo-chat-item-name">
                      <CustomerName conversation={conversation} />
                    </span>
                    {conversation.unread > 0 ? (
                      <span className="bo-chat-badge" aria-label={t('chat.unread', { count: conversation.unread })}>
                        {conversation.unread}
                      </span>
                    ) : null}
                  </span>
                  {conversation.phone ? <span className="bo-chat-item-meta">{conversation.phone}</span> : null}
                  <span className="bo-chat-item-preview">
                    {conversation.lastMessage?.text ?? (conversation.lastMessage?.imageUrl ? t('chat.image') : '')}
                  </span>
                  {conversation.lastMessage ? <span className="bo-chat-item-meta">{formatDateTime(seconds(conversation.lastMessage.createTimestamp))}</span> : null}
                </button>
              </li>
            ))}
          </ul>
        )
      }
    </QueryView>
  );
}

function Thread({ id }: { id: number }) {
  const { t } = useAdminTranslation();
  const inputId = useId();
  const query = useChatThread(id);
  const { mutate: markRead } = useReadChat();
  const [readUpTo, setReadUpTo] = useState<number | null>(null);
  const reply = useReplyChat();
  const close = useCloseChat();
  const [text, setText] = useState('');
  const [confirmClose, setConfirmClose] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);
  const unread = query.data?.conversation.unread ?? 0;
  const lastId = query.data?.list.at(-1)?.id;

  // Whatever the customer wrote is read once it is on an agent's screen (once per newest line).
  useEffect(() => {
    if (unread === 0 || lastId === undefined || readUpTo === lastId) return;
    setReadUpTo(lastId);
    markRead(id);
  }, [id, unread, lastId, readUpTo, markRead]);
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId]);

  const trimmed = text.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed === '' || trimmed.length > CHAT_TEXT_MAX || reply.isPending) return;
    reply.mutate({ id, text: trimmed }, { onSuccess: () => setText('') });
  };

  return (
    <QueryView query={query}>
      {({ conversation, list }) => (
        <div className="bo-chat-thread">
          <header className="bo-chat-thread-head">
            <div>
              <h2 className="bo-chat-thread-name">
                <CustomerName conversation={conversation} />
              </h2>
              <dl className="bo-chat-meta">
                <dt>{t('chat.name')}</dt>
                <dd data-testid="chat-meta-name">{conversation.name || t('common.none')}</dd>
                <dt>{t('chat.phone')}</dt>
                <dd data-testid="chat-meta-phone">{conversation.phone || t('common.none')}</dd>
                <dt>{t('chat.email')}</dt>
                <dd>{conversation.email ?? t('chat.notSignedIn')}</dd>
              </dl>
            </div>
            {conversation.status === 'open' ? (
              <button type="button" className="bo-button bo-button-danger" onClick={() => setConfirmClose(true)}>
                {t('chat.close')}
              </button>
            ) : (
              <span className="bo-chat-closed">{t('chat.closedAt')}</span>
            )}
          </header>
          <ol className="bo-chat-messages" aria-label={t('chat.thread')}>
            {list.map((message) => (
              <li key={message.id} className={message.sender === 'agent' ? 'bo-chat-line bo-chat-line-agent' : 'bo-chat-line'} data-sender={message.sender}>
                <span className="bo-chat-line-who">
                  {message.sender === 'agent' ? t('chat.support') : t('chat.customer')} · {formatDateTime(seconds(message.createTimestamp))}
                </span>
                {message.imageUrl ? <ProtectedImage url={message.imageUrl} label={t('chat.image')} /> : null}
                {message.text ? <p className="bo-chat-line-text">{message.text}</p> : null}
              </li>
            ))}
            <div ref={bottom} />
          </ol>
          {conversation.status === 'open' ? (
            <form className="bo-chat-reply" onSubmit={submit}>
              <label className="bo-label" htmlFor={inputId}>
                {t('chat.replyLabel')}
              </label>
              <textarea
                id={inputId}
                className="bo-input bo-chat-input"
                rows={3}
                maxLength={CHAT_TEXT_MAX}
                value={text}
                onChange={(event) => setText(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) submit(event);
                }}
              />
              {reply.error ? (
                <p className="bo-form-error" role="alert">
                  {reply.error.message}
                </p>
              ) : null}
              <div className="bo-chat-reply-actions">
                <button type="submit" className="bo-button bo-button-primary" disabled={trimmed === '' || reply.isPending}>
                  {reply.isPending ? t('common.working') : t('chat.send')}
                </button>
              </div>
            </form>
          ) : null}
          {confirmClose ? (
            <ConfirmDialog
              title={t('chat.closeTitle')}
              body={t('chat.closeBody')}
              confirmLabel={t('chat.close')}
              tone="danger"
              busy={close.isPending}
              error={close.error?.message ?? null}
              onCancel={() => setConfirmClose(false)}
              onConfirm={() => close.mutate(id, { onSuccess: () => setConfirmClose(false) })}
            />
          ) : null}
        </div>
      )}
    </QueryView>
  );
}

/** Customer service console: open conversations with unread counts, the thread, the answer box, closing; live. */
export function ChatConsolePage() {
  const { t } = useAdminTranslation();
  const [params, setParams] = useSearchParams();
  const status: ChatStatus = params.get('status') === 'closed' ? 'closed' : 'open';
  const selectedParam = Number(params.get('id'));
  const selected = Number.isInteger(selectedParam) && selectedParam > 0 ? selectedParam : null;
  useAgentChannel();

  const select = (next: { status?: ChatStatus; id?: number | null }) => {
    const search = new URLSearchParams();
    const nextStatus = next.status ?? status;
    if (nextStatus === 'closed') search.set('status', 'closed');
    const id = next.id === undefined ? selected : next.id;
    if (id !== null) search.set('id', String(id));
    setParams(search, { replace: true });
  };

  return (
    <section className="bo-page">
      <PageHeader title={t('chat.title')} subtitle={t('chat.subtitle')} />
      <div className="bo-toolbar" role="group" aria-label={t('chat.statusFilter')}>
        {(['open', 'closed'] as const).map((value) => (
          <button key={value} type="button" className={value === status ? 'bo-button bo-button-small bo-button-primary' : 'bo-button bo-button-small'} aria-pressed={value === status} onClick={() => select({ status: value, id: null })}>
            {value === 'open' ? t('chat.open') : t('chat.closed')}
          </button>
        ))}
      </div>
      <div className="bo-chat">
        <div className="bo-card bo-card-flush bo-chat-side">
          <ConversationList status={status} selected={selected} onSelect={(id) => select({ id })} />
        </div>
        <div className="bo-card bo-chat-main">{selected === null ? <p className="bo-chat-empty">{t('chat.pick')}</p> : <Thread key={selected} id={selected} />}</div>
      </div>
    </section>
  );
}
