import { type AdminArticle, adminArticleSchema, type SaveArticleInput } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { adminArticlesKey } from './get-articles';
import { refreshAfterAction } from './query-keys';

/** `POST /admin/articles` (a new draft) or `POST /admin/articles/{id}` (edit; a language left out is removed). */
export function saveArticle(input: { id?: number | undefined; article: SaveArticleInput }): Promise<AdminArticle> {
  const { id, article } = input;
  return id === undefined
    ? api.post('/admin/articles', article, { schema: adminArticleSchema, forbiddenIsRefusal: true })
    : api.post(`/admin/articles/${id}`, article, { schema: adminArticleSchema, forbiddenIsRefusal: true });
}

/** `POST /admin/articles/{id}/publish`: now, or at a later `publishAt` (seconds) to schedule it. */
export function publishArticle(input: { id: number; publishAt?: number | undefined }): Promise<AdminArticle> {
  const body = input.publishAt === undefined ? {} : { publishAt: input.publishAt };
  return api.post(`/admin/articles/${input.id}/publish`, body, { schema: adminArticleSchema, forbiddenIsRefusal: true });
}

/** `POST /admin/articles/{id}/unpublish`: back to draft, hidden from readers. */
export function unpublishArticle(id: number): Promise<AdminArticle> {
  return api.post(`/admin/articles/${id}/unpublish`, {}, { schema: adminArticleSchema, forbiddenIsRefusal: true });
}

export function useSaveArticle() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveArticle, meta: { silent: true }, onSuccess: () => refreshAfterAction(queryClient, adminArticlesKey) });
}

export function usePublishArticle() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: publishArticle, meta: { silent: true }, onSuccess: () => refreshAfterAction(queryClient, adminArticlesKey) });
}

export function useUnpublishArticle() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unpublishArticle, meta: { silent: true }, onSuccess: () => refreshAfterAction(queryClient, adminArticlesKey) });
}
