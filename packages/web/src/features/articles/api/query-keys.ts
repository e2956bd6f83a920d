import type { ArticleKind, ArticleTag } from '@tradewind/contract';

/** Query keys of articles; each carries the language, since the server answers in it. */
export const articleKeys = {
  all: ['articles'] as const,
  list: (language: string, kind: ArticleKind, tag: ArticleTag | null) => ['articles', 'list', language, kind, tag] as const,
  article: (language: string, id: number) => ['articles', 'article', language, id] as const,
  tags: (language: string) => ['articles', 'tags', language] as const,
};
