import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/coming-soon';

/** The Watchlist tab (SPEC §2). Its content arrives with the market-data release; the tab already works. */
export function WatchlistPage() {
  const { t } = useTranslation();
  return (
    <>
      <header className="tab-page-header">
        <h1 className="tab-page-title">{t('tabs.watchlist')}</h1>
      </header>
      <ComingSoon title={t('pages.watchlist')} />
    </>
  );
}
