import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../lib/router/router';
import type { TranslationResource } from '../i18n/locales/en';

export type PageTitleKey = `pages.${keyof TranslationResource['pages']}`;

/** What a route carries in its `handle`: the title the nav bar and placeholders show. */
export interface RouteHandle {
  titleKey: PageTitleKey;
  /** A page whose tabs (`?tab=`) hold different records: the title of each tab that is not the first. */
  tabTitleKeys?: Readonly<Record<string, PageTitleKey>>;
}

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'titleKey' in handle;
}

/** The handles of the routes that match the current location, outermost first (provided by `AppRoutes`). */
export const RouteHandlesContext = createContext<readonly RouteHandle[]>([]);

/** The translated title of the deepest matched route that names one (of its open tab, if it has tabs). */
export function usePageTitle(): string {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const handle = useContext(RouteHandlesContext).at(-1);
  if (!handle) return '';
  const tab = search.get('tab');
  const tabTitleKey = tab !== null && handle.tabTitleKeys && Object.hasOwn(handle.tabTitleKeys, tab) ? handle.tabTitleKeys[tab] : undefined;
  return t(tabTitleKey ?? handle.titleKey);
}
