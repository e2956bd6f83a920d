import { PullToRefresh } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router/router';
import { EditIcon, SearchIcon } from '../../../components/icons/icons';
import { QuoteList } from '../../../components/quote/quote-list';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/use-session';
import { useWatchlist } from '../api/get-watchlist';
import { EmptyWatchlist } from '../components/empty-watchlist';
import { GuestPrompt } from '../components/guest-prompt';

/** The Watchlist tab (SPEC §2): the user's instruments with live prices, or a sign-in prompt. */
export function WatchlistPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const watchlist = useWatchlist();
  const count = watchlist.data?.length ?? 0;

  return (
    <>
      <header className="tab-page-header market-header">
        <h1 className="tab-page-title">{t('tabs.watchlist')}</h1>
        <div className="header-actions">
          {token && count > 0 ? (
            <Link className="header-pill" to={paths.watchlistManage}>
              <EditIcon aria-hidden="true" /> {t('watchlist.edit')}
            </Link>
          ) : null}
          <Link className="icon-button" to={paths.search} aria-label={t('pages.search')}>
            <SearchIcon />
          </Link>
        </div>
      </header>
      {!token ? (
        <div className="section">
          <GuestPrompt />
        </div>
      ) : (
        <PullToRefresh onRefresh={() => watchlist.refetch()}>
          {count > 0 ? <p className="list-caption">{t('watchlist.count', { n: count })}</p> : null}
          <div className={count > 0 ? 'section card' : 'section'}>
            <QuoteList
              label={t('pages.watchlist')}
              items={watchlist.data}
              isLoading={watchlist.isLoading}
              isError={watchlist.isError}
              onRetry={() => void watchlist.refetch()}
              showHeader
              skeletonRows={6}
              empty={<EmptyWatchlist />}
            />
          </div>
        </PullToRefresh>
      )}
    </>
  );
}
