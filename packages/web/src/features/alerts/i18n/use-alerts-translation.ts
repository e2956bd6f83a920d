import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';
import type { AlertsResource } from './en';
import { ALERTS_NAMESPACE, registerAlertsTranslations } from './resources';

// Modules that use these texts import this one, so the texts arrive with the first chunk that needs them.
registerAlertsTranslations(i18n);

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type AlertsKey = Leaves<AlertsResource>;
export type AlertsT = (key: AlertsKey, values?: Record<string, string | number>) => string;

type UntypedT = (key: string, options: Record<string, unknown>) => string;

/** `t` for the `alerts` namespace with its keys checked at compile time; `common` is the app's own `t`. */
export function useAlertsTranslation() {
  const { t: common, i18n: instance } = useTranslation();
  const t = useCallback<AlertsT>((key, values) => (common as unknown as UntypedT)(key, { ...values, ns: ALERTS_NAMESPACE }), [common]);
  return { t, common, language: instance.language };
}
