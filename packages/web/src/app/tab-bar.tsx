import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from '../lib/router/router';
import { HomeIcon, MarketIcon, StarIcon, TradeIcon, UserIcon } from '../components/icons/shell-icons';
import type { TranslationResource } from '../i18n/locales/en';
import { useUnreadCount } from '../api/inbox/unread-count';
import { paths } from '../lib/paths';

interface Tab {
  key: keyof TranslationResource['tabs'];
  path: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

export const tabs: readonly Tab[] = [
  { key: 'home', path: paths.home, Icon: HomeIcon },
  { key: 'market', path: paths.market, Icon: MarketIcon },
  { key: 'watchlist', path: paths.watchlist, Icon: StarIcon },
  { key: 'trade', path: paths.trade, Icon: TradeIcon },
  { key: 'account', path: paths.account, Icon: UserIcon },
];

/** The five-tab bar of SPEC §2 (50 px). Tabs switch in place (replace), like a native tab bar. */
export function TabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // The root path is Home too.
  const activePath = pathname === paths.root ? paths.home : pathname;
  // Unread inbox messages, live: the private channel's 'message' event refetches the count.
  const unread = useUnreadCount().data ?? 0;
  return (
    <nav className="tab-bar" aria-label={t('common.mainNavigation')}>
      {tabs.map(({ key, path, Icon }) => {
        const active = activePath === path;
        return (
          <Link
            key={key}
            to={path}
            replace
            className={active ? 'tab-bar-item tab-bar-item-active' : 'tab-bar-item'}
            aria-current={active ? 'page' : undefined}
          >
            <span className="tab-bar-icon-slot">
              <Icon className="tab-bar-icon" />
              {key === 'account' && unread > 0 ? (
                <span className="tab-bar-badge" data-testid="unread-badge" aria-label={t('account.unreadMessages', { count: unread })}>
                  {unread > 99 ? '99+' : unread}
                </span>
              ) : null}
            </span>
            <span className="tab-bar-label">{t(`tabs.${key}`)}</span>
          </Link>
        );
      })}
    </nav>
  );
}
