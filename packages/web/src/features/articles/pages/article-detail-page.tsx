import '../articles.css';
import { useSearchParams } from '../../../lib/router/router';
import { DelayedLoading } from '../../../components/delayed-loading';
import { LoadError } from '../../../components/load-error';
import { DateFormat, formatDate } from '../../../lib/format-date';
import { useArticle } from '../api/get-article';
import { ArticleBody } from '../components/article-body';
import { useArticlesTranslation } from '../i18n/use-articles-translation';

function idFrom(search: URLSearchParams, param: string): number | null {
  const id = Number(search.get(param));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * SPEC §2 `/pages/news/detail?id=`: one article — title, topic, date and its rich text. Notices use
 * it too, under `/pages/notice/detail?articleId=`, hence the parameter's name is given.
 */
export function ArticleDetailPage({ idParam = 'id' }: { idParam?: string }) {
  const { t, language } = useArticlesTranslation();
  const [search] = useSearchParams();
  const id = idFrom(search, idParam);
  const article = useArticle(id);

  if (id === null) return <p className="empty-line">{t('detail.notFound')}</p>;
  if (!article.data) {
    if (article.isError) return <LoadError message={article.error.message} onRetry={() => void article.refetch()} />;
    return <DelayedLoading />;
  }
  const { data } = article;
  const fellBack = data.locale !== language && data.locale === 'en';
  return (
    <article className="section card ar-article" aria-labelledby="ar-article-title">
      <p className="ar-meta">
        <span className="ar-tag">{data.tagLabel}</span>
        <span className="ar-time">{formatDate(data.publishTimestamp, DateFormat.dateTime)}</span>
      </p>
      <h2 id="ar-article-title" className="ar-article-title" lang={data.locale}>
        {data.title}
      </h2>
      {fellBack ? <p className="ar-fallback">{t('detail.inEnglish')}</p> : null}
      <ArticleBody html={data.content} lang={data.locale} />
    </article>
  );
}

/** The route component of `/pages/news/detail`. */
export function NewsDetailPage() {
  return <ArticleDetailPage />;
}
