import {
  articleTags,
  defaultLocale,
  locales,
  type AdminArticle,
  type Article,
  type ArticleKind,
  type ArticlePage,
  type ArticleStatus,
  type ArticleSummary,
  type ArticleTag,
  type DictEntry,
  type Locale,
} from '@tradewind/contract';
import type { Database } from '../../db/client.js';
import { pageAnswer, pageOf } from '../../db/paging.js';
import { translate } from '../../i18n/messages.js';
import { AppError } from '../../lib/app-error.js';
import { toSeconds, type Clock } from '../../lib/clock.js';
import { audit } from '../audit/index.js';
import { inTransaction } from '../ledger/index.js';
import type { InstrumentCatalog } from '../market/index.js';
import { plainText, sanitizeArticleHtml } from './article-sanitizer.js';
import * as repo from './articles.repository.js';
import { demoArticles } from './demo-articles.js';

export interface ArticlesDeps {
  db: Database;
  clock: Clock;
  /** The instrument master: the codes an article is tagged with must be in it. */
  catalog: InstrumentCatalog;
}

export interface Actor {
  id: number;
  ip: string;
}

export interface TranslationInput {
  title: string;
  summary: string;
  content: string;
}

export interface SaveInput {
  kind: ArticleKind;
  tag: ArticleTag;
  /** Instrument codes (already upper-cased by the contract); checked against the catalog. */
  codes: readonly string[];
  translations: Partial<Record<Locale, TranslationInput>> & { en: TranslationInput };
}

const isTag = (value: string): value is ArticleTag => (articleTags as readonly string[]).includes(value);
const tagOf = (row: repo.ArticleRow): ArticleTag => (isTag(row.tag) ? row.tag : 'markets');
const isLocale = (value: string): value is Locale => (locales as readonly string[]).includes(value);

/** `GET /dict/data?dictType=article_tag`: the tags in dictionary order, labelled in the caller's language. */
export function articleTagDict(locale: Locale): DictEntry[] {
  return articleTags.map((tag, index) => ({
    dictType: 'article_tag',
    dictValue: tag,
    dictLabel: translate(locale, `articleTag.${tag}`),
    dictSort: index + 1,
  }));
}

/** The translation a reader gets: their language when the article has it, else English. */
function pick(rows: repo.ArticleTranslationRow[], locale: Locale): repo.ArticleTranslationRow | undefined {
  return rows.find((row) => row.locale === locale) ?? rows.find((row) => row.locale === defaultLocale);
}

function toSummary(row: repo.ArticleRow, translation: repo.ArticleTranslationRow, locale: Locale, codes: string[]): ArticleSummary {
  const tag = tagOf(row);
  return {
    id: row.id,
    kind: row.kind,
    tag,
    tagLabel: translate(locale, `articleTag.${tag}`),
    locale: isLocale(translation.locale) ? translation.locale : defaultLocale,
    // Stored clean, cleaned again: nothing read back from the database is trusted.
    title: plainText(translation.title),
    summary: plainText(translation.summary),
    publishTimestamp: row.publishAt ? toSeconds(row.publishAt) : 0,
    codes,
  };
}

const isVisible = (row: repo.ArticleRow, now: Date) => row.status === 'published' && row.publishAt !== null && row.publishAt <= now;

/** `POST /article/pageList`: published articles, newest first, optionally of one tag or kind, or about one instrument code. */
export async function pageList(
  deps: ArticlesDeps,
  locale: Locale,
  query: { pageNum: number; pageSize: number; tag?: ArticleTag | undefined; kind?: ArticleKind | undefined; code?: string | undefined },
): Promise<ArticlePage> {
  const { rows, total } = await repo.visibleArticles(deps.db, {
    now: deps.clock.now(),
    kind: query.kind,
    tag: query.tag,
    code: query.code,
    ...pageOf(query),
  });
  const ids = rows.map((row) => row.id);
  const translations = await repo.translationsOf(deps.db, ids, [locale, defaultLocale]);
  const codes = await repo.codesOf(deps.db, ids);
  const list = rows.flatMap((row) => {
    const translation = pick(translations.filter((t) => t.articleId === row.id), locale);
    return translation ? [toSummary(row, translation, locale, codes.get(row.id) ?? [])] : [];
  });
  return pageAnswer(list, total, query);
}

/** `GET /article/{id}`: one published article with its sanitised HTML body; drafts and scheduled ones do not exist yet. */
export async function getArticle(deps: ArticlesDeps, locale: Locale, id: number): Promise<Article> {
  const row = await repo.findArticle(deps.db, id);
  if (!row || !isVisible(row, deps.clock.now())) throw AppError.notFound('article.notFound');
  const translation = pick(await repo.translationsOf(deps.db, [id], [locale, defaultLocale]), locale);
  if (!translation) throw AppError.notFound('article.notFound');
  const codes = (await repo.codesOf(deps.db, [id])).get(id) ?? [];
  return { ...toSummary(row, translation, locale, codes), content: sanitizeArticleHtml(translation.body) };
}

// Back office ---------------------------------------------------------------------------------

function statusOf(row: repo.ArticleRow, now: Date): ArticleStatus {
  if (row.status === 'draft' || !row.publishAt) return 'draft';
  return row.publishAt > now ? 'scheduled' : 'published';
}

function toAdmin(row: repo.ArticleRow, translations: repo.ArticleTranslationRow[], codes: string[], now: Date): AdminArticle {
  const byLocale: AdminArticle['translations'] = {};
  for (const t of translations) {
    if (isLocale(t.locale)) byLocale[t.locale] = { title: plainText(t.title), summary: plainText(t.summary), content: sanitizeArticleHtml(t.body) };
  }
  return {
    id: row.id,
    kind: row.kind,
    tag: tagOf(row),
    status: statusOf(row, now),
    publishTimestamp: row.publishAt ? toSeconds(row.publishAt) : null,
    codes,
    translations: byLocale,
    updateTimestamp: toSeconds(row.updatedAt),
  };
}

/** Cleans every translation; a body that sanitising leaves empty is refused, naming its field. */
function cleanTranslations(input: SaveInput['translations'], now: Date): repo.NewTranslation[] {
  return locales.flatMap((locale) => {
    const t = input[locale];
    if (!t) return [];
    const title = plainText(t.title);
    if (!title) throw AppError.badRequest('validation.required', { field: `translations.${locale}.title` });
    const body = sanitizeArticleHtml(t.content);
    if (!plainText(body) && !/<img\b/.test(body)) throw AppError.badRequest('article.contentEmpty', { field: `translations.${locale}.content` });
    return [{ locale, title, summary: plainText(t.summary), body, updatedAt: now }];
  });
}

/**
 * The codes an article is tagged with, each one the catalog lists (a stock, index, future root or
 * currency pair; not a futures contract month, whose news is its root's), duplicates dropped.
 */
const isListed = (deps: ArticlesDeps, code: string) => deps.catalog.find(code)?.code === code;

function checkedCodes(deps: ArticlesDeps, codes: readonly string[]): string[] {
  const unique = [...new Set(codes)];
  for (const code of unique) {
    if (!isListed(deps, code)) throw AppError.badRequest('article.unknownCode', { field: 'codes', code });
  }
  return unique;
}

async function adminView(deps: ArticlesDeps, row: repo.ArticleRow): Promise<AdminArticle> {
  const codes = (await repo.codesOf(deps.db, [row.id])).get(row.id) ?? [];
  return toAdmin(row, await repo.translationsOf(deps.db, [row.id]), codes, deps.clock.now());
}

export async function adminList(deps: ArticlesDeps, kind?: ArticleKind): Promise<AdminArticle[]> {
  const rows = await repo.allArticles(deps.db, kind);
  const ids = rows.map((row) => row.id);
  const translations = await repo.translationsOf(deps.db, ids);
  const codes = await repo.codesOf(deps.db, ids);
  const now = deps.clock.now();
  return rows.map((row) => toAdmin(row, translations.filter((t) => t.articleId === row.id), codes.get(row.id) ?? [], now));
}

export async function adminGet(deps: ArticlesDeps, id: number): Promise<AdminArticle> {
  const row = await repo.findArticle(deps.db, id);
  if (!row) throw AppError.notFound('article.notFound');
  return adminView(deps, row);
}

/** A new article starts as a draft; publishing is a separate, audited step. */
export async function createArticle(deps: ArticlesDeps, actor: Actor, input: SaveInput): Promise<AdminArticle> {
  const now = deps.clock.now();
  const translations = cleanTranslations(input.translations, now);
  const codes = checkedCodes(deps, input.codes);
  const row = await inTransaction(deps.db, async (tx) => {
    const created = await repo.insertArticle(tx, {
      kind: input.kind,
      tag: input.tag,
      status: 'draft',
      createdBy: actor.id,
      updatedBy: actor.id,
      createdAt: now,
      updatedAt: now,
    });
    await repo.replaceTranslations(tx, created.id, translations);
    await repo.replaceCodes(tx, created.id, codes);
    await audit(tx, { actorUserId: actor.id, action: 'article.create', subject: `article:${created.id}`, detail: { kind: input.kind, tag: input.tag, codes, locales: translations.map((t) => t.locale) }, ip: actor.ip }, now);
    return created;
  });
  return adminView(deps, row);
}

/** Edits kind, tag, instrument codes and the translations (a locale left out is removed); the publishing state stays. */
export async function updateArticle(deps: ArticlesDeps, actor: Actor, id: number, input: SaveInput): Promise<AdminArticle> {
  const now = deps.clock.now();
  const translations = cleanTranslations(input.translations, now);
  const codes = checkedCodes(deps, input.codes);
  const row = await inTransaction(deps.db, async (tx) => {
    const updated = await repo.updateArticle(tx, id, { kind: input.kind, tag: input.tag, updatedBy: actor.id, updatedAt: now });
    if (!updated) throw AppError.notFound('article.notFound');
    await repo.replaceTranslations(tx, id, translations);
    await repo.replaceCodes(tx, id, codes);
    await audit(tx, { actorUserId: actor.id, action: 'article.update', subject: `article:${id}`, detail: { kind: input.kind, tag: input.tag, codes, locales: translations.map((t) => t.locale) }, ip: actor.ip }, now);
    return updated;
  });
  return adminView(deps, row);
}

/** Publishes now, or schedules for a later `publishAt` (seconds): readers see it from that moment. */
export async function publishArticle(deps: ArticlesDeps, actor: Actor, id: number, publishAt?: number): Promise<AdminArticle> {
  const now = deps.clock.now();
  const at = publishAt === undefined ? now : new Date(publishAt * 1000);
  if (at < now) throw AppError.badRequest('article.publishAtPast', { field: 'publishAt' });
  const row = await inTransaction(deps.db, async (tx) => {
    const updated = await repo.updateArticle(tx, id, { status: 'published', publishAt: at, updatedBy: actor.id, updatedAt: now });
    if (!updated) throw AppError.notFound('article.notFound');
    const action = at > now ? 'article.schedule' : 'article.publish';
    await audit(tx, { actorUserId: actor.id, action, subject: `article:${id}`, detail: { publishAt: at.toISOString() }, ip: actor.ip }, now);
    return updated;
  });
  return adminView(deps, row);
}

/** Takes an article (or a scheduled one) back to draft: readers no longer see it. */
export async function unpublishArticle(deps: ArticlesDeps, actor: Actor, id: number): Promise<AdminArticle> {
  const now = deps.clock.now();
  const row = await inTransaction(deps.db, async (tx) => {
    const updated = await repo.updateArticle(tx, id, { status: 'draft', publishAt: null, updatedBy: actor.id, updatedAt: now });
    if (!updated) throw AppError.notFound('article.notFound');
    await audit(tx, { actorUserId: actor.id, action: 'article.unpublish', subject: `article:${id}`, ip: actor.ip }, now);
    return updated;
  });
  return adminView(deps, row);
}

const HOUR = 3_600_000;

/** The demo news and notices a fresh install shows, published over the last days; seeding again adds nothing. */
export async function seedDemoArticles(deps: ArticlesDeps): Promise<void> {
  const now = deps.clock.now().getTime();
  for (const demo of demoArticles) {
    if (await repo.findArticleByDemoKey(deps.db, demo.key)) continue;
    const publishAt = new Date(now - demo.hoursAgo * HOUR);
    await inTransaction(deps.db, async (tx) => {
      const row = await repo.insertDemoArticle(tx, {
        kind: demo.kind,
        tag: demo.tag,
        status: 'published',
        publishAt,
        demoKey: demo.key,
        createdAt: publishAt,
        updatedAt: publishAt,
      });
      if (!row) return;
      await repo.replaceTranslations(tx, row.id, cleanTranslations(demo.translations, publishAt));
      // A catalog narrowed by configuration (a test's symbol list) tags only the codes it lists.
      await repo.replaceCodes(tx, row.id, demo.codes.filter((code) => isListed(deps, code)));
    });
  }
}
