import { outboxMessageSchema } from '@tradewind/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../api/client';
import { adminKeys } from './query-keys';

export interface OutboxParams {
  to?: string | undefined;
  limit: number;
}

/** `GET /admin/outbox`: e-mails sent, newest first (with their codes when no SMTP server is set). */
export function getOutbox(params: OutboxParams, signal?: AbortSignal) {
  return api.get('/admin/outbox', { query: { to: params.to || undefined, limit: params.limit }, schema: z.array(outboxMessageSchema), signal, forbiddenIsRefusal: true });
}

export function getOutboxQueryOptions(params: OutboxParams) {
  return queryOptions({ queryKey: [...adminKeys.outbox, params], queryFn: ({ signal }) => getOutbox(params, signal), placeholderData: keepPreviousData });
}

export function useOutbox(params: OutboxParams) {
  return useQuery(getOutboxQueryOptions(params));
}
