import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router/router';
import { BrandMark } from '../../../components/brand-mark';
import { FlameIcon, StarIcon } from '../../../components/icons/shell-icons';
import { QuoteList } from '../../../components/quote/quote-list';
import { APP_TITLE } from '../../../lib/constants';
import { useGlobalIndex } from '../../../api/market/get-global-index';
import { useHotStocks } from '../../../api/market/get-hot-stocks';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/use-session';
import { useHomeCustomList } from '../api/get-home-custom-list';
import { HomeChart } from '../components/home-chart';
import { NoticeBell } from '../components/notice-bell';
import { ProductGrid } from '../components/product-grid';
import { HOME_INDEX_COUNT, IndexStrip } from '../components/index-strip';
import { SearchEntry } from '../components/search-entry';
import { MarketSourceIntro } from '../../../components/quote/price-source-label';

/** Home (SPEC §2): search, global indices, a chart of the last 50 closes, the custom list and hot stocks. */
export function HomePage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const indices = useGlobalIndex();
  const customList = useHomeCustomList();
  const hot = useHotStocks();
  const chartItem = customList.data?.[0];

  return (
    <>
      <header className="tab-page-header home-brand">
        <BrandMark size={34} />
        <h1 className="tab-page-title">{APP_TITLE}</h1>
        <NoticeBell />
      </header>
      <div className="section section-first">
        <SearchEntry />
      </div>
      <div className="section">
        <MarketSourceIntro />
      </div>

      <IndexStrip items={indices.data?.slice(0, HOME_INDEX_COUNT)} isLoading={indices.isLoading} />

      <ProductGrid />

      <div className="section">
        {customList.isLoading ? <div className="home-chart card home-chart-loading skeleton" /> : <HomeChart item={chartItem} />}
      </div>

      <div className="section-head">
        <h2 className="section-title section-title-icon">
          <StarIcon aria-hidden="true" /> {token ? t('home.myWatchlist') : t('home.featured')}
        </h2>
        <Link className="section-link" to={token ? paths.watchlist : paths.market}>
          {t('home.more')}
        </Link>
      </div>
      <div className="section card">
        <QuoteList
          label={token ? t('home.myWatchlist') : t('home.featured')}
          items={customList.data}
          isLoading={customList.isLoading}
          isError={customList.isError}
          onRetry={() => void customList.refetch()}
          skeletonRows={4}
          empty={
            <p className="list-empty">
              {t('watchlist.emptyHint')} <Link to={paths.market}>{t('watchlist.browseMarket')}</Link>
            </p>
          }
        />
      </div>

      <div className="section-head">
        <h2 className="section-title section-title-icon">
          <FlameIcon aria-hidden="true" /> {t('home.hotStocks')}
        </h2>
        <Link className="section-link" to={paths.market}>
          {t('home.more')}
        </Link>
      </div>
      <div className="section card">
        <QuoteList
          label={t('home.hotStocks')}
          items={hot.data}
          isLoading={hot.isLoading}
          isError={hot.isError}
          onRetry={() => void hot.refetch()}
          ranked
          skeletonRows={5}
        />
      </div>
    </>
  );
}
