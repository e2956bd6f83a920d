import {
  adminArticleQuery,
  adminArticleSchema,
  articleIdParams,
  articlePageBody,
  articlePageSchema,
  articleSchema,
  dictEntrySchema,
  dictQuery,
  emptyBody,
  publishArticleBody,
  saveArticleBody,
} from '@tradewind/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okResponse } from '../../lib/envelope.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import * as articles from './articles.service.js';

const tags = ['Content'];
const adminTags = ['Back office'];
const publicRoute = { auth: 'public' } as const;
const adminRoute = { auth: 'admin' } as const;

/** SPEC §7 content calls (`/article/pageList`, `/article/{id}`, the `article_tag` dictionary) and the back office that writes them. */
export function articlesRoutes(app: FastifyInstance) {
  const deps: articles.ArticlesDeps = { db: app.database.db, clock: app.clock, catalog: app.market.deps.catalog };
  const r = app.withTypeProvider<ZodTypeProvider>();
  const actorOf = (request: FastifyRequest) => ({ id: requireAuth(request).user.id, ip: request.ip });

  r.get('/dict/data', {
    config: publicRoute,
    schema: { tags, summary: 'A dictionary’s entries in the caller’s language (dictType article_tag: the article tags)', querystring: dictQuery, response: okResponse(z.array(dictEntrySchema)) },
  }, (request) => ok(articles.articleTagDict(request.locale)));

  r.post('/article/pageList', {
    config: publicRoute,
    schema: { tags, summary: 'Published articles, newest first; by tag (article_tag), kind (news or notice) or instrument code (a quote page’s news); in the caller’s language, else English', body: articlePageBody, response: okResponse(articlePageSchema) },
  }, async (request) => ok(await articles.pageList(deps, request.locale, request.body)));

  r.get('/article/:id', {
    config: publicRoute,
    schema: { tags, summary: 'One published article with its sanitised HTML body, in the caller’s language, else English', params: articleIdParams, response: okResponse(articleSchema) },
  }, async (request) => ok(await articles.getArticle(deps, request.locale, request.params.id)));

  r.get('/admin/articles', {
    config: adminRoute,
    schema: { tags: adminTags, summary: 'Every article and notice with its state and all its translations', querystring: adminArticleQuery, response: okResponse(z.array(adminArticleSchema)) },
  }, async (request) => ok(await articles.adminList(deps, request.query.kind)));

  r.get('/admin/articles/:id', {
    config: adminRoute,
    schema: { tags: adminTags, summary: 'One article with all its translations', params: articleIdParams, response: okResponse(adminArticleSchema) },
  }, async (request) => ok(await articles.adminGet(deps, request.params.id)));

  r.post('/admin/articles', {
    config: adminRoute,
    schema: { tags: adminTags, summary: 'Write an article or notice (a draft) with the instrument codes it is about; English is required, HTML is sanitised before it is stored; audited', body: saveArticleBody, response: okResponse(adminArticleSchema) },
  }, async (request) => ok(await articles.createArticle(deps, actorOf(request), request.body)));

  r.post('/admin/articles/:id', {
    config: adminRoute,
    schema: { tags: adminTags, summary: 'Edit an article and its translations (a locale left out is removed); audited', params: articleIdParams, body: saveArticleBody, response: okResponse(adminArticleSchema) },
  }, async (request) => ok(await articles.updateArticle(deps, actorOf(request), request.params.id, request.body)));

  r.post('/admin/articles/:id/publish', {
    config: adminRoute,
    schema: { tags: adminTags, summary: 'Publish now, or schedule with a later publishAt (seconds); audited', params: articleIdParams, body: publishArticleBody, response: okResponse(adminArticleSchema) },
  }, async (request) => ok(await articles.publishArticle(deps, actorOf(request), request.params.id, request.body.publishAt)));

  r.post('/admin/articles/:id/unpublish', {
    config: adminRoute,
    schema: { tags: adminTags, summary: 'Back to draft: readers no longer see it; audited', params: articleIdParams, body: emptyBody.optional(), response: okResponse(adminArticleSchema) },
  }, async (request) => ok(await articles.unpublishArticle(deps, actorOf(request), request.params.id)));
}
