import { type ArticlePage, articlePageSchema } from '@tradewind/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';

export const INSTRUMENT_NEWS_PAGE_SIZE = 5;

/** `POST /article/pageList` with `code`: the published articles about one instrument, newest first. */
export function getInstrumentNews(code: string, pageNum: number, signal?: AbortSignal): Promise<ArticlePage> {
  return api.post('/article/pageList', { code, pageNum, pageSize: INSTRUMENT_NEWS_PAGE_SIZE }, { schema: articlePageSchema, signal });
}

export function getInstrumentNewsQueryOptions(language: string, code: string) {
  return infiniteQueryOptions({
    // Titles come in the reader's language: another language is another answer.
    queryKey: ['instrument-news', language, code],
    queryFn: ({ pageParam, signal }) => getInstrumentNews(code, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined),
    staleTime: 60_000,
  });
}

export function useInstrumentNews(code: string) {
  const { i18n } = useTranslation();
  return useInfiniteQuery(getInstrumentNewsQueryOptions(i18n.language, code));
}
