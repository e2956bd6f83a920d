import { statementSchema, statementVerifySchema, type Statement, type StatementVerify } from '@tradewind/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

export interface StatementPeriod {
  from: string;
  to: string;
}

/** `GET /userCenter/statement`: the caller's statement for whole UTC days from–to, with its digest. */
export function getStatement(period: StatementPeriod, signal?: AbortSignal): Promise<Statement> {
  return api.get('/userCenter/statement', { query: { from: period.from, to: period.to }, schema: statementSchema, signal });
}

export function getStatementQueryOptions(period: StatementPeriod) {
  return queryOptions({ queryKey: ['statement', period.from, period.to], queryFn: ({ signal }) => getStatement(period, signal) });
}

export function useStatement(period: StatementPeriod | null) {
  return useQuery({ ...getStatementQueryOptions(period ?? { from: '', to: '' }), enabled: period !== null });
}

/** `POST /userCenter/statement/verify`: does the ledger, as it stands, give this digest for the period? */
export function verifyStatement(body: StatementPeriod & { digest: string }): Promise<StatementVerify> {
  return api.post('/userCenter/statement/verify', body, { schema: statementVerifySchema });
}

export function useVerifyStatement() {
  return useMutation({ mutationFn: verifyStatement });
}
