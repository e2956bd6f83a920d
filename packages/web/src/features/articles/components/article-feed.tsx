import '../articles.css';
import type { ArticleKind, ArticleSummary, ArticleTag } from '@tradewind/contract';
import { articleTags } from '@tradewind/contract';
import { useState } from 'react';
import { Link } from '../../../lib/router/router';
import { DelayedLoading } from '../../../components/delayed-loading';
import { ChevronRightIcon } from '../../../components/icons/icons';
import { LoadError } from '../../../components/load-error';
import { DateFormat, formatDate } from '../../../lib/format-date';
import { useArticleTags } from '../api/get-article-tags';
import { useArticles } from '../api/get-articles';
import { useArticlesTranslation } from '../i18n/use-articles-translation';

const isTag = (value: string): value is ArticleTag => (articleTags as readonly string[]).includes(value);

function ArticleRow({ article, href }: { article: ArticleSummary; href: string }) {
  return (
    <li className="ar-row">
      <Link className="ar-link" to={href}>
        <span className="ar-text">
          <span className="ar-meta">
            <span className="ar-tag">{article.tagLabel}</span>
            <span className="ar-time">{formatDate(article.publishTimestamp, DateFormat.date)}</span>
          </span>
          <span className="ar-title" lang={article.locale}>
            {article.title}
          </span>
          {article.summary ? (
            <span className="ar-summary" lang={article.locale}>
              {article.summary}
            </span>
          ) : null}
        </span>
        <ChevronRightIcon className="menu-chevron" />
      </Link>
    </li>
  );
}

/** The tags of the `article_tag` dictionary as filter chips, "All" first. */
function TagChips({ value, onChange }: { value: ArticleTag | null; onChange: (tag: ArticleTag | null) => void }) {
  const { t } = useArticlesTranslation();
  const tags = useArticleTags();
  const options = (tags.data ?? []).filter((entry) => isTag(entry.dictValue) && entry.dictValue !== 'platform');
  return (
    <div className="filter-chips ar-chips" role="group" aria-label={t('list.topics')}>
      <button type="button" className={value === null ? 'filter-chip filter-chip-active' : 'filter-chip'} aria-pressed={value === null} onClick={() => onChange(null)}>
        {t('list.allTopics')}
      </button>
      {options.map((entry) => {
        const tag = entry.dictValue as ArticleTag;
        return (
          <button key={tag} type="button" className={value === tag ? 'filter-chip filter-chip-active' : 'filter-chip'} aria-pressed={value === tag} onClick={() => onChange(tag)}>
            {entry.dictLabel}
          </button>
        );
      })}
    </div>
  );
}

/**
 * Published articles of one kind, newest first, with "show more". News can be narrowed to a topic;
 * `hrefOf` says where a row leads (the route that shows one article is the caller's business).
 */
export function ArticleFeed({ kind, hrefOf }: { kind: ArticleKind; hrefOf: (id: number) => string }) {
  const { t } = useArticlesTranslation();
  const [tag, setTag] = useState<ArticleTag | null>(null);
  const articles = useArticles(kind, tag);
  const list = articles.data?.pages.flatMap((page) => page.list) ?? [];

  return (
    <div className="ar-feed">
      {kind === 'news' ? <TagChips value={tag} onChange={setTag} /> : null}
      <div className="section">
        {!articles.data ? (
          articles.isError ? <LoadError onRetry={() => void articles.refetch()} /> : <DelayedLoading />
        ) : list.length === 0 ? (
          <div className="card ar-empty">
            <p className="ar-empty-title">{t('list.empty')}</p>
            <p className="ar-empty-text">{t('list.emptyText')}</p>
          </div>
        ) : (
          <ul className="card ar-list" aria-label={kind === 'news' ? t('list.news') : t('list.notices')}>
            {list.map((article) => (
              <ArticleRow key={article.id} article={article} href={hrefOf(article.id)} />
            ))}
          </ul>
        )}
        {articles.hasNextPage ? (
          <button type="button" className="ar-more" onClick={() => void articles.fetchNextPage()} disabled={articles.isFetchingNextPage}>
            {articles.isFetchingNextPage ? t('list.loadingMore') : t('list.loadMore')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
