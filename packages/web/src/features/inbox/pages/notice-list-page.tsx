import '../inbox.css';
import type { InboxMessage } from '@tradewind/contract';
import { Link } from '../../../lib/router/router';
import { DelayedLoading } from '../../../components/delayed-loading';
import { ChevronRightIcon } from '../../../components/icons/icons';
import { LoadError } from '../../../components/load-error';
import { DateFormat, formatDate } from '../../../lib/format-date';
import { showSuccessToast } from '../../../lib/toast';
import { useMessages } from '../api/get-messages';
import { useMarkRead } from '../api/mark-read';
import { useInboxTranslation } from '../i18n/use-inbox-translation';
import { inboxPaths } from '../utils/routes';

function MessageRow({ message }: { message: InboxMessage }) {
  const { t } = useInboxTranslation();
  return (
    <li className={message.isRead ? 'ib-row' : 'ib-row ib-row-unread'}>
      <Link className="ib-link" to={`${inboxPaths.detail}?id=${message.id}`}>
        <span className="ib-dot-slot">
          {message.isRead ? null : <span className="ib-dot" role="img" aria-label={t('list.unread')} />}
        </span>
        <span className="ib-text">
          <span className="ib-row-head">
            <span className="ib-title">{message.title}</span>
            <span className="ib-time">{formatDate(message.createTimestamp, DateFormat.date)}</span>
          </span>
          <span className="ib-preview">{message.content}</span>
        </span>
        <ChevronRightIcon className="menu-chevron" />
      </Link>
    </li>
  );
}

/** SPEC §2 `/pages/notice/index`: the inbox, newest first; unread messages carry a dot; mark all read. */
export function NoticeListPage() {
  const { t } = useInboxTranslation();
  const messages = useMessages();
  const markRead = useMarkRead();

  if (!messages.data) return messages.isError ? <LoadError onRetry={() => void messages.refetch()} /> : <DelayedLoading />;
  const list = messages.data.pages.flatMap((page) => page.list);
  const unread = messages.data.pages[0]?.unread ?? 0;

  return (
    <div className="ib-page">
      <div className="section ib-toolbar">
        <p className="ib-count" data-testid="inbox-unread">
          {unread > 0 ? t('list.unreadCount', { number: unread }) : t('list.allRead')}
        </p>
        <button
          type="button"
          className="ib-mark-all"
          disabled={unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate(undefined, { onSuccess: () => showSuccessToast(t('list.markedAll')) })}
        >
          {t('list.markAll')}
        </button>
      </div>
      <div className="section">
        {list.length === 0 ? (
          <div className="card ib-empty">
            <span className="ib-empty-icon" aria-hidden="true">
              <BellGlyph />
            </span>
            <p className="ib-empty-title">{t('list.empty')}</p>
            <p className="ib-empty-text">{t('list.emptyText')}</p>
          </div>
        ) : (
          <ul className="card ib-list" aria-label={t('list.title')}>
            {list.map((message) => (
              <MessageRow key={message.id} message={message} />
            ))}
          </ul>
        )}
        {messages.hasNextPage ? (
          <button type="button" className="ib-more" onClick={() => void messages.fetchNextPage()} disabled={messages.isFetchingNextPage}>
            {messages.isFetchingNextPage ? t('list.loadingMore') : t('list.loadMore')}
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** A bell, drawn like the app's other icons (24×24, stroked in currentColor). */
function BellGlyph() {
  return (
    <svg width="1em" height="1em" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15z" />
      <path d="M10 20.5a2 2 0 0 0 4 0" />
    </svg>
  );
}
