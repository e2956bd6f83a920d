import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import type { TranslationResource } from '../i18n/locales/en';

export type PageTitleKey = `pages.${keyof TranslationResource['pages']}`;

/** What a route carries in its `handle`: the title the nav bar and placeholders show. */
export interface RouteHandle {
  titleKey: PageTitleKey;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'titleKey' in handle;
}

/** The translated title of the deepest matched route that names one. */
export function usePageTitle(): string {
  const { t } = useTranslation();
  const handle = useMatches()
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .at(-1);
  return handle ? t(handle.titleKey) : '';
}
