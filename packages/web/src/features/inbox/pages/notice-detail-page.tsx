import '../inbox.css';
import { useSearchParams } from '../../../lib/router/router';
import { DelayedLoading } from '../../../components/delayed-loading';
import { LoadError } from '../../../components/load-error';
import { DateFormat, formatDate } from '../../../lib/format-date';
import { useMessage } from '../api/get-message';
import { useInboxTranslation } from '../i18n/use-inbox-translation';

function idFrom(search: URLSearchParams): number | null {
  const id = Number(search.get('id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** SPEC §2 `/pages/notice/detail?id=`: one message; opening it marks it read. */
export function NoticeDetailPage() {
  const { t } = useInboxTranslation();
  const [search] = useSearchParams();
  const id = idFrom(search);
  const message = useMessage(id);

  if (id === null) return <p className="empty-line">{t('detail.notFound')}</p>;
  if (!message.data) {
    if (message.isError) return <LoadError message={message.error.message} onRetry={() => void message.refetch()} />;
    return <DelayedLoading />;
  }
  return (
    <article className="section card ib-article" aria-labelledby="ib-article-title">
      <h2 id="ib-article-title" className="ib-article-title">
        {message.data.title}
      </h2>
      <p className="ib-article-time">{formatDate(message.data.createTimestamp, DateFormat.dateTime)}</p>
      <p className="ib-article-body">{message.data.content}</p>
    </article>
  );
}
