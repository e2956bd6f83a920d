import { and, asc, count, desc, eq, exists, inArray, lte, type SQL } from 'drizzle-orm';
import { articleInstruments, articles, articleTranslations, type ArticleRow, type ArticleTranslationRow } from '../../db/articles.schema.js';
import type { Database } from '../../db/client.js';

export type { ArticleRow, ArticleTranslationRow };
export type NewArticle = typeof articles.$inferInsert;
export type NewTranslation = Omit<typeof articleTranslations.$inferInsert, 'articleId'>;

export async function insertArticle(tx: Database, values: NewArticle): Promise<ArticleRow> {
  const [row] = await tx.insert(articles).values(values).returning();
  if (!row) throw new Error('article insert returned nothing');
  return row;
}

/** A demo article, unless another start of the server has just seeded the same key. */
export async function insertDemoArticle(tx: Database, values: NewArticle & { demoKey: string }): Promise<ArticleRow | undefined> {
  const [row] = await tx.insert(articles).values(values).onConflictDoNothing({ target: articles.demoKey }).returning();
  return row;
}

export async function updateArticle(tx: Database, id: number, values: Partial<NewArticle>): Promise<ArticleRow | undefined> {
  const [row] = await tx.update(articles).set(values).where(eq(articles.id, id)).returning();
  return row;
}

export async function findArticle(db: Database, id: number): Promise<ArticleRow | undefined> {
  const [row] = await db.select().from(articles).where(eq(articles.id, id)).limit(1);
  return row;
}

export async function findArticleByDemoKey(db: Database, demoKey: string): Promise<ArticleRow | undefined> {
  const [row] = await db.select().from(articles).where(eq(articles.demoKey, demoKey)).limit(1);
  return row;
}

/** Replaces every translation of an article with the given ones (a locale left out is removed). */
export async function replaceTranslations(tx: Database, articleId: number, rows: NewTranslation[]): Promise<void> {
  await tx.delete(articleTranslations).where(eq(articleTranslations.articleId, articleId));
  if (rows.length > 0) await tx.insert(articleTranslations).values(rows.map((row) => ({ ...row, articleId })));
}

export async function translationsOf(db: Database, articleIds: number[], locales?: string[]): Promise<ArticleTranslationRow[]> {
  if (articleIds.length === 0) return [];
  const where = inArray(articleTranslations.articleId, articleIds);
  return db
    .select()
    .from(articleTranslations)
    .where(locales ? and(where, inArray(articleTranslations.locale, locales)) : where);
}

/** Published articles whose time has come, newest first. */
export async function visibleArticles(
  db: Database,
  filter: { now: Date; kind?: string | undefined; tag?: string | undefined; code?: string | undefined; limit: number; offset: number },
): Promise<{ rows: ArticleRow[]; total: number }> {
  const conditions: SQL[] = [eq(articles.status, 'published'), lte(articles.publishAt, filter.now)];
  if (filter.kind) conditions.push(eq(articles.kind, filter.kind as ArticleRow['kind']));
  if (filter.tag) conditions.push(eq(articles.tag, filter.tag));
  if (filter.code) {
    const tagged = db
      .select({ one: articleInstruments.articleId })
      .from(articleInstruments)
      .where(and(eq(articleInstruments.articleId, articles.id), eq(articleInstruments.code, filter.code)));
    conditions.push(exists(tagged));
  }
  const where = and(...conditions);
  const rows = await db.select().from(articles).where(where).orderBy(desc(articles.publishAt), desc(articles.id)).limit(filter.limit).offset(filter.offset);
  const [total] = await db.select({ n: count() }).from(articles).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Every article for the back office, drafts included, most recently changed first. */
export async function allArticles(db: Database, kind?: ArticleRow['kind']): Promise<ArticleRow[]> {
  return db
    .select()
    .from(articles)
    .where(kind ? eq(articles.kind, kind) : undefined)
    .orderBy(desc(articles.updatedAt), desc(articles.id));
}

/** Replaces the instrument codes of an article with the given ones, kept in the given order. */
export async function replaceCodes(tx: Database, articleId: number, codes: readonly string[]): Promise<void> {
  await tx.delete(articleInstruments).where(eq(articleInstruments.articleId, articleId));
  if (codes.length > 0) await tx.insert(articleInstruments).values(codes.map((code, position) => ({ articleId, code, position })));
}

/** The instrument codes of each article, in the editor's order. */
export async function codesOf(db: Database, articleIds: number[]): Promise<Map<number, string[]>> {
  const byArticle = new Map<number, string[]>();
  if (articleIds.length === 0) return byArticle;
  const rows = await db
    .select()
    .from(articleInstruments)
    .where(inArray(articleInstruments.articleId, articleIds))
    .orderBy(asc(articleInstruments.articleId), asc(articleInstruments.position));
  for (const row of rows) byArticle.set(row.articleId, [...(byArticle.get(row.articleId) ?? []), row.code]);
  return byArticle;
}
