import { type AdminArticle, adminArticleSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../api/client';
import { adminKeys } from './query-keys';

export const adminArticlesKey = [...adminKeys.all, 'articles'] as const;

/** `GET /admin/articles`: every article and notice, drafts and scheduled ones too, with all translations. */
export function getArticles(signal?: AbortSignal): Promise<AdminArticle[]> {
  return api.get('/admin/articles', { schema: z.array(adminArticleSchema), signal, forbiddenIsRefusal: true });
}

export function getArticlesQueryOptions() {
  return queryOptions({ queryKey: adminArticlesKey, queryFn: ({ signal }) => getArticles(signal) });
}

export function useArticles() {
  return useQuery(getArticlesQueryOptions());
}
