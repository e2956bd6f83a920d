import { type Article, articleSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { articleKeys } from './query-keys';

/** `GET /article/{id}`: one published article, its body HTML already sanitised by the server. */
export function getArticle(id: number, signal?: AbortSignal): Promise<Article> {
  return api.get(`/article/${id}`, { schema: articleSchema, signal });
}

export function getArticleQueryOptions(language: string, id: number) {
  return queryOptions({ queryKey: articleKeys.article(language, id), queryFn: ({ signal }) => getArticle(id, signal), staleTime: 60_000 });
}

export function useArticle(id: number | null) {
  const { i18n } = useTranslation();
  return useQuery({ ...getArticleQueryOptions(i18n.language, id ?? 0), enabled: id !== null });
}
