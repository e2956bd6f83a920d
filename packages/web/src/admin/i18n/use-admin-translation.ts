import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_NAMESPACE } from './resources';
import type { AdminResource } from './en';

/** Dotted paths to every text of the resource: `'deposits.approveTitle'` … */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type AdminKey = Leaves<AdminResource>;
export type AdminT = (key: AdminKey, values?: Record<string, string | number>) => string;

type UntypedT = (key: string, options: Record<string, unknown>) => string;

/**
 * `t` for the `admin` namespace, with its keys checked at compile time. The app's i18next types
 * only know the default namespace, so this wraps the default `t` and names the namespace itself.
 */
export function useAdminTranslation(): { t: AdminT; language: string } {
  const { t, i18n } = useTranslation();
  const translate = useCallback<AdminT>(
    (key, values) => (t as unknown as UntypedT)(key, { ...values, ns: ADMIN_NAMESPACE }),
    [t],
  );
  return { t: translate, language: i18n.language };
}
