import { bigint, bigserial, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

// Articles and notices (migration 0016), kept apart from schema.ts because nothing else joins them.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const ref = (name: string) => bigint(name, { mode: 'number' });

export const articles = pgTable('articles', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind', { enum: ['news', 'notice'] }).notNull(),
  tag: text('tag').notNull(),
  status: text('status', { enum: ['draft', 'published'] }).notNull(),
  publishAt: ts('publish_at'),
  demoKey: text('demo_key'),
  createdBy: ref('created_by'),
  updatedBy: ref('updated_by'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
export type ArticleRow = typeof articles.$inferSelect;

export const articleTranslations = pgTable(
  'article_translations',
  {
    articleId: ref('article_id').notNull(),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    body: text('body').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.articleId, table.locale] })],
);
export type ArticleTranslationRow = typeof articleTranslations.$inferSelect;

/** The instrument codes an article is about (migration 0030), in the editor's order. */
export const articleInstruments = pgTable(
  'article_instruments',
  {
    articleId: ref('article_id').notNull(),
    code: text('code').notNull(),
    position: smallint('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.articleId, table.code] })],
);
export type ArticleInstrumentRow = typeof articleInstruments.$inferSelect;
