import { AssetSource } from '@tradewind/contract';
import { SearchBar } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FlameIcon } from '../../../components/icons/icons';
import { QuoteList } from '../../../components/quote/quote-list';
import type { QuoteRowItem } from '../../../components/quote/quote-row';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { type InstrumentRef, instrumentOf } from '../../../api/market/instrument';
import { useHotStocks } from '../../../api/market/get-hot-stocks';
import { useSearchInstruments } from '../../../api/market/search-instruments';
import { RecentSearches } from '../components/recent-searches';
import { clearSearchHistory, readSearchHistory, recordSearch } from '../utils/search-history';

/** Typing pauses this long before a search goes out. */
export const SEARCH_DEBOUNCE_MS = 300;
const RESULT_LIMIT = 30;
const TRENDING_COUNT = 8;

const sourceFilters = [
  { key: 'all', source: undefined, titleKey: 'search.all' },
  { key: 'stocks', source: AssetSource.Stock, titleKey: 'market.tabUs' },
  { key: 'futures', source: AssetSource.Future, titleKey: 'market.tabFutures' },
  { key: 'forex', source: AssetSource.Forex, titleKey: 'market.tabForex' },
  { key: 'indices', source: AssetSource.GlobalIndex, titleKey: 'market.tabIndices' },
  { key: 'taiwan', source: AssetSource.TwStock, titleKey: 'market.tabTaiwan' },
] as const;
type FilterKey = (typeof sourceFilters)[number]['key'];

/**
 * Search over every instrument (`/m_ft/all_stock_list`), debounced, with the instruments opened
 * before kept in `shistory` (SPEC §9).
 */
export function SearchPage() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [filter, setFilter] = useState<FilterKey>('all');
  const [history, setHistory] = useState(readSearchHistory);
  const settled = useDebouncedValue(keyword.trim(), SEARCH_DEBOUNCE_MS);
  const source = sourceFilters.find((f) => f.key === filter)?.source;
  const results = useSearchInstruments(
    { keyword: settled, pageNum: 1, pageSize: RESULT_LIMIT, ...(source !== undefined ? { source } : {}) },
    { enabled: settled !== '', requestId: 'search' },
  );

  const trending = useHotStocks();
  const record = useCallback((entry: InstrumentRef) => setHistory(recordSearch(entry)), []);
  const onOpenResult = useCallback((item: QuoteRowItem) => record(instrumentOf(item)), [record]);
  const searching = settled !== '';

  return (
    <div className="search-page">
      <div className="search-top">
        <SearchBar
          placeholder={t('search.placeholder')}
          value={keyword}
          onChange={setKeyword}
          maxLength={50}
          autoFocus
          aria-label={t('pages.search')}
        />
        <div className="filter-chips filter-chips-tight" role="group" aria-label={t('search.filter')}>
          {sourceFilters.map((option) => (
            <button
              key={option.key}
              type="button"
              className={option.key === filter ? 'filter-chip filter-chip-active' : 'filter-chip'}
              aria-pressed={option.key === filter}
              onClick={() => setFilter(option.key)}
            >
              {t(option.titleKey)}
            </button>
          ))}
        </div>
      </div>

      {searching ? (
        <div className="section card">
          <QuoteList
            label={t('search.results')}
            items={results.data?.list}
            isLoading={results.isLoading}
            isError={results.isError}
            onRetry={() => void results.refetch()}
            onOpen={onOpenResult}
            skeletonRows={5}
            empty={<p className="list-empty">{t('search.noResults', { keyword: settled })}</p>}
          />
        </div>
      ) : (
        <>
          <RecentSearches
            entries={history}
            onOpen={record}
            onClear={() => {
              clearSearchHistory();
              setHistory([]);
            }}
          />
          {history.length === 0 ? <p className="search-hint">{t('search.hint')}</p> : null}
          <div className="section-head">
            <h2 className="section-title section-title-icon">
              <FlameIcon aria-hidden="true" /> {t('search.trending')}
            </h2>
          </div>
          <div className="section card">
            <QuoteList
              label={t('search.trending')}
              items={trending.data?.slice(0, TRENDING_COUNT)}
              isLoading={trending.isLoading}
              onOpen={onOpenResult}
              ranked
              skeletonRows={5}
            />
          </div>
        </>
      )}
    </div>
  );
}
