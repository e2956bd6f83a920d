import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';
import type { ReferralResource } from './en';
import { REFERRAL_NAMESPACE, registerReferralTranslations } from './resources';

// The referral page imports this module, so the texts arrive with the first page chunk that needs them.
registerReferralTranslations(i18n);

/** Dotted paths to every text of the resource: `'share.code'` … */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type ReferralKey = Leaves<ReferralResource>;
export type ReferralT = (key: ReferralKey, values?: Record<string, string | number>) => string;

type UntypedT = (key: string, options: Record<string, unknown>) => string;

/**
 * `t` for the `referral` namespace with its keys checked at compile time (the app's i18next types
 * know only the default namespace, so this wraps the default `t` and names the namespace itself).
 * `common` is the app's own `t`, for the shared texts (Cancel, Retry, Network Error …).
 */
export function useReferralTranslation() {
  const { t: common, i18n: instance } = useTranslation();
  const t = useCallback<ReferralT>((key, values) => (common as unknown as UntypedT)(key, { ...values, ns: REFERRAL_NAMESPACE }), [common]);
  return { t, common, language: instance.language };
}
