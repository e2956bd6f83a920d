import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';
import type { StopsResource } from './en';
import { STOPS_NAMESPACE, registerStopsTranslations } from './resources';

// Modules that use these texts import this one, so the texts arrive with the first chunk that needs them.
registerStopsTranslations(i18n);

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type StopsKey = Leaves<StopsResource>;
export type StopsT = (key: StopsKey, values?: Record<string, string | number>) => string;

type UntypedT = (key: string, options: Record<string, unknown>) => string;

/** `t` for the `stops` namespace with its keys checked at compile time; `common` is the app's own `t`. */
export function useStopsTranslation() {
  const { t: common, i18n: instance } = useTranslation();
  const t = useCallback<StopsT>((key, values) => (common as unknown as UntypedT)(key, { ...values, ns: STOPS_NAMESPACE }), [common]);
  return { t, common, language: instance.language };
}
