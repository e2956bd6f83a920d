import { auditEntrySchema, pageSchema } from '@tradewind/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import { adminKeys } from './query-keys';

export type AuditEntry = z.infer<typeof auditEntrySchema>;

const auditPage = pageSchema(auditEntrySchema);

/** `GET /admin/audit`: the append-only log of admin actions, newest first. */
export function getAuditLog(params: { pageNum: number; pageSize: number }, signal?: AbortSignal) {
  return api.get('/admin/audit', { query: { ...params }, schema: auditPage, signal, forbiddenIsRefusal: true });
}

export function getAuditLogQueryOptions(params: { pageNum: number; pageSize: number }) {
  return queryOptions({ queryKey: [...adminKeys.audit, params], queryFn: ({ signal }) => getAuditLog(params, signal), placeholderData: keepPreviousData });
}

export function useAuditLog(params: { pageNum: number; pageSize: number }) {
  return useQuery(getAuditLogQueryOptions(params));
}
