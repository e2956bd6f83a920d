import { type ArticleKind, type ArticlePage, articlePageSchema, type ArticleTag } from '@tradewind/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { articleKeys } from './query-keys';

export const ARTICLES_PAGE_SIZE = 10;

/** `POST /article/pageList`: published articles of one kind, newest first, optionally of one tag. */
export function getArticles(kind: ArticleKind, tag: ArticleTag | null, pageNum: number, signal?: AbortSignal): Promise<ArticlePage> {
  const body = { pageNum, pageSize: ARTICLES_PAGE_SIZE, kind, ...(tag && { tag }) };
  return api.post('/article/pageList', body, { schema: articlePageSchema, signal });
}

export function getArticlesQueryOptions(language: string, kind: ArticleKind, tag: ArticleTag | null) {
  return infiniteQueryOptions({
    queryKey: articleKeys.list(language, kind, tag),
    queryFn: ({ pageParam, signal }) => getArticles(kind, tag, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined),
    staleTime: 60_000,
  });
}

export function useArticles(kind: ArticleKind, tag: ArticleTag | null) {
  const { i18n } = useTranslation();
  return useInfiniteQuery(getArticlesQueryOptions(i18n.language, kind, tag));
}
