import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';
import type { RecurringResource } from './en';
import { RECURRING_NAMESPACE, registerRecurringTranslations } from './resources';

// Modules that use these texts import this one, so the texts arrive with the first chunk that needs them.
registerRecurringTranslations(i18n);

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type RecurringKey = Leaves<RecurringResource>;
export type RecurringT = (key: RecurringKey, values?: Record<string, string | number>) => string;

type UntypedT = (key: string, options: Record<string, unknown>) => string;

/** `t` for the `recurring` namespace with its keys checked at compile time; `common` is the app's own `t`. */
export function useRecurringTranslation() {
  const { t: common, i18n: instance } = useTranslation();
  const t = useCallback<RecurringT>((key, values) => (common as unknown as UntypedT)(key, { ...values, ns: RECURRING_NAMESPACE }), [common]);
  return { t, common, language: instance.language };
}
