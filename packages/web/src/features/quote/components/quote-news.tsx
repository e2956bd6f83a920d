import './quote-news.css';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router/router';
import { ChevronRightIcon } from '../../../components/icons/icons';
import { LoadError } from '../../../components/load-error';
import { DateFormat, formatDate } from '../../../lib/format-date';
import { paths } from '../../../lib/paths';
import { useInstrumentNews } from '../api/get-instrument-news';

/** The news about the instrument on screen, newest first; each opens the article. */
export function QuoteNews({ code }: { code: string }) {
  const { t } = useTranslation();
  const news = useInstrumentNews(code);
  const list = news.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <section className="card quote-news" aria-labelledby="quote-news-title">
      <h2 className="stat-card-title" id="quote-news-title">
        {t('quote.news')}
      </h2>
      {!news.data ? (
        news.isError ? (
          <LoadError onRetry={() => void news.refetch()} />
        ) : (
          <div className="quote-news-loading" role="status" aria-label={t('common.loading')}>
            <span className="skeleton skeleton-line" />
            <span className="skeleton skeleton-line skeleton-line-short" />
          </div>
        )
      ) : list.length === 0 ? (
        <p className="quote-news-empty">{t('quote.newsEmpty', { code })}</p>
      ) : (
        <ul className="quote-news-list">
          {list.map((article) => (
            <li key={article.id}>
              <Link className="quote-news-link" to={`${paths.newsDetail}?id=${article.id}`}>
                <span className="quote-news-text">
                  <span className="quote-news-title" lang={article.locale}>
                    {article.title}
                  </span>
                  <span className="quote-news-meta">
                    <span>{article.tagLabel}</span>
                    <time dateTime={new Date(article.publishTimestamp * 1000).toISOString()}>{formatDate(article.publishTimestamp, DateFormat.dayTime)}</time>
                  </span>
                </span>
                <ChevronRightIcon className="menu-chevron" />
              </Link>
            </li>
          ))}
        </ul>
      )}
      {news.hasNextPage ? (
        <button type="button" className="text-button quote-news-more" disabled={news.isFetchingNextPage} onClick={() => void news.fetchNextPage()}>
          {t('quote.newsMore')}
        </button>
      ) : null}
    </section>
  );
}
