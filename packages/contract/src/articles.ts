import { z } from 'zod';
import { locales } from './locales.js';
import { stockCodeSchema } from './market.js';

/** News for everyone, notices (announcements) from the broker: both are articles, told apart by kind. */
export const articleKinds = ['news', 'notice'] as const;
export type ArticleKind = (typeof articleKinds)[number];

/** The `article_tag` dictionary (`GET /dict/data?dictType=article_tag`); labels come in the caller's language. */
export const articleTags = ['markets', 'earnings', 'products', 'education', 'platform'] as const;
export type ArticleTag = (typeof articleTags)[number];

export const dictTypes = ['article_tag'] as const;
export const dictQuery = z.strictObject({ dictType: z.enum(dictTypes) });
export const dictEntrySchema = z.object({
  dictType: z.enum(dictTypes),
  dictValue: z.string(),
  dictLabel: z.string(),
  dictSort: z.number().int(),
});
export type DictEntry = z.infer<typeof dictEntrySchema>;

export const articlePageBody = z.strictObject({
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
  tag: z.enum(articleTags).optional(),
  kind: z.enum(articleKinds).optional(),
  /** Only articles tagged with this instrument code (a quote page's news), still newest first. */
  code: stockCodeSchema.optional(),
});
export const articleIdParams = z.strictObject({ id: z.coerce.number().int().positive() });

/** One article as a reader gets it: in the caller's language when written in it, else in English (`locale` says which). */
export const articleSummarySchema = z.object({
  id: z.number().int(),
  kind: z.enum(articleKinds),
  tag: z.enum(articleTags),
  tagLabel: z.string(),
  locale: z.enum(locales),
  title: z.string(),
  summary: z.string(),
  publishTimestamp: z.number().int(),
  /** The instrument codes the article is about (may be none), in the order the editor gave them. */
  codes: z.array(z.string()),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;
/** `content` is HTML from the server's allow-list sanitiser; clients still sanitise it again before rendering. */
export const articleSchema = articleSummarySchema.extend({ content: z.string() });
export type Article = z.infer<typeof articleSchema>;
export const articlePageSchema = z.object({
  list: z.array(articleSummarySchema),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});
export type ArticlePage = z.infer<typeof articlePageSchema>;

// Back office ---------------------------------------------------------------------------------

/** The largest body accepted, in characters of HTML (before sanitising). */
export const ARTICLE_BODY_MAX = 100_000;

export const articleTranslationBody = z.strictObject({
  title: z.string().trim().min(1).max(200),
  summary: z.string().trim().max(500).default(''),
  content: z.string().max(ARTICLE_BODY_MAX),
});
export type ArticleTranslationInput = z.input<typeof articleTranslationBody>;

/** English is required (it is every reader's fallback); the other six locales are optional. */
export const articleTranslationsBody = z
  .strictObject({
    en: articleTranslationBody,
    de: articleTranslationBody.optional(),
    hi: articleTranslationBody.optional(),
    ja: articleTranslationBody.optional(),
    th: articleTranslationBody.optional(),
    'zh-CN': articleTranslationBody.optional(),
    'zh-TW': articleTranslationBody.optional(),
  });

/** The most instrument codes one article may be tagged with. */
export const ARTICLE_CODES_MAX = 20;

export const saveArticleBody = z.strictObject({
  kind: z.enum(articleKinds),
  tag: z.enum(articleTags),
  /** Instrument codes of the catalog the article is about; each must be one the market quotes. */
  codes: z.array(stockCodeSchema).max(ARTICLE_CODES_MAX).default([]),
  translations: articleTranslationsBody,
});
export type SaveArticleInput = z.input<typeof saveArticleBody>;

/** Publish now (no `publishAt`) or schedule: a later `publishAt` (seconds) keeps it hidden until then. */
export const publishArticleBody = z.strictObject({
  publishAt: z.number().int().min(0).max(4_102_444_800).optional(),
});

/** `scheduled` is a published article whose publishing time has not come yet. */
export const articleStatuses = ['draft', 'scheduled', 'published'] as const;
export type ArticleStatus = (typeof articleStatuses)[number];

export const adminArticleTranslationSchema = z.object({ title: z.string(), summary: z.string(), content: z.string() });
export const adminArticleSchema = z.object({
  id: z.number().int(),
  kind: z.enum(articleKinds),
  tag: z.enum(articleTags),
  status: z.enum(articleStatuses),
  publishTimestamp: z.number().int().nullable(),
  codes: z.array(z.string()),
  translations: z.partialRecord(z.enum(locales), adminArticleTranslationSchema),
  updateTimestamp: z.number().int(),
});
export type AdminArticle = z.infer<typeof adminArticleSchema>;
export const adminArticleQuery = z.strictObject({ kind: z.enum(articleKinds).optional() });
