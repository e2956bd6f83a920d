import type { Locale } from '@tradewind/contract';
import type { i18n as I18n } from 'i18next';

/**
 * Adds a feature's seven bundles under its own namespace, when a chunk that uses it loads; safe to
 * call again (a hot reload, a second test).
 */
export function registerNamespace<T extends object>(instance: I18n, namespace: string, translations: Record<Locale, T>): void {
  for (const [locale, resource] of Object.entries(translations)) {
    instance.addResourceBundle(locale, namespace, resource, true, true);
  }
}
