import { dictEntrySchema, type DictEntry } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { api } from '../../../api/client';
import { articleKeys } from './query-keys';

/** `GET /dict/data?dictType=article_tag`: the article tags, labelled in the caller's language. */
export function getArticleTags(signal?: AbortSignal): Promise<DictEntry[]> {
  return api.get('/dict/data', { query: { dictType: 'article_tag' }, schema: z.array(dictEntrySchema), signal });
}

export function getArticleTagsQueryOptions(language: string) {
  return queryOptions({ queryKey: articleKeys.tags(language), queryFn: ({ signal }) => getArticleTags(signal), staleTime: Infinity });
}

export function useArticleTags() {
  const { i18n } = useTranslation();
  return useQuery(getArticleTagsQueryOptions(i18n.language));
}
