import { type LedgerAuditReport, ledgerAuditSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { adminKeys } from './query-keys';

export const ledgerAuditKey = [...adminKeys.all, 'ledger-audit'] as const;

/** `GET /admin/ledger/audit`: the whole ledger checked against its invariants now (audited, so only on request). */
export function checkLedger(signal?: AbortSignal): Promise<LedgerAuditReport> {
  return api.get('/admin/ledger/audit', { schema: ledgerAuditSchema, signal, forbiddenIsRefusal: true });
}

export function getLedgerAuditQueryOptions() {
  return queryOptions({ queryKey: ledgerAuditKey, queryFn: ({ signal }) => checkLedger(signal), enabled: false, staleTime: Infinity, gcTime: 0 });
}

/** Runs only when staff press the button (`refetch`): each check is a full scan and an audit-log row. */
export function useLedgerAudit() {
  return useQuery(getLedgerAuditQueryOptions());
}
