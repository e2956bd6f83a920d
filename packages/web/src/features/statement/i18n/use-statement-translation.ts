import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';
import type { StatementResource } from './en';
import { STATEMENT_NAMESPACE, registerStatementTranslations } from './resources';

// The statement page imports this module, so the texts arrive with the first page chunk that needs them.
registerStatementTranslations(i18n);

/** Dotted paths to every text of the resource: `'statement.from'` … */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type StatementKey = Leaves<StatementResource>;
export type StatementT = (key: StatementKey, values?: Record<string, string | number>) => string;

type UntypedT = (key: string, options: Record<string, unknown>) => string;

/**
 * `t` for the `statement` namespace with its keys checked at compile time (the app's i18next types
 * know only the default namespace, so this wraps the default `t` and names the namespace itself).
 * `common` is the app's own `t`, for the shared texts (Cancel, Retry, Network Error …).
 */
export function useStatementTranslation() {
  const { t: common, i18n: instance } = useTranslation();
  const t = useCallback<StatementT>((key, values) => (common as unknown as UntypedT)(key, { ...values, ns: STATEMENT_NAMESPACE }), [common]);
  return { t, common, language: instance.language };
}
