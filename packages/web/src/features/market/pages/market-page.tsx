import { type FuturesGroup, FuturesGroup as Group, UsExchange, futuresGroups } from '@tradewind/contract';
import { useQueryClient } from '@tanstack/react-query';
import { PullToRefresh, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from '../../../lib/router/router';
import { SearchIcon } from '../../../components/icons/icons';
import { quotesQueryKey } from '../../../api/market/query-keys';
import { paths } from '../../../lib/paths';
import {
  ForexPanel,
  FuturesPanel,
  IndicesPanel,
  TaiwanPanel,
  type UsList,
  UsStocksPanel,
  usLists,
} from '../components/market-panels';

const marketTabs = ['us', 'futures', 'indices', 'forex', 'taiwan'] as const;
type MarketTab = (typeof marketTabs)[number];

const tabTitleKey = {
  us: 'market.tabUs',
  futures: 'market.tabFutures',
  indices: 'market.tabIndices',
  forex: 'market.tabForex',
  taiwan: 'market.tabTaiwan',
} as const satisfies Record<MarketTab, string>;

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/**
 * The Market tab (SPEC §2): US stocks by exchange and top lists, futures groups, global indices,
 * forex and Taiwan stocks. The chosen tab and list live in the URL, so coming back from a quote
 * shows the same list.
 */
export function MarketPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const tab = pick(search.get('tab'), marketTabs, 'us');
  const usList = pick<UsList>(search.get('list'), usLists, UsExchange.NASDAQ);
  const group = pick<FuturesGroup>(search.get('group'), futuresGroups, Group.Metals);

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) next.set(key, value);
    setSearch(next, { replace: true });
  };

  return (
    <>
      <header className="tab-page-header market-header">
        <h1 className="tab-page-title">{t('tabs.market')}</h1>
        <Link className="icon-button" to={paths.search} aria-label={t('pages.search')}>
          <SearchIcon />
        </Link>
      </header>
      <div className="market-tabs">
        <Tabs activeKey={tab} onChange={(key) => update({ tab: key })} stretch={false}>
          {marketTabs.map((key) => (
            <Tabs.Tab key={key} title={t(tabTitleKey[key])} />
          ))}
        </Tabs>
      </div>
      {/* Pulling down reloads the lists on screen (live ticks keep them fresh in between). */}
      <PullToRefresh onRefresh={() => queryClient.refetchQueries({ queryKey: quotesQueryKey, type: 'active' })}>
        <div className="market-panel" role="tabpanel" aria-label={t(tabTitleKey[tab])}>
          {tab === 'us' ? <UsStocksPanel list={usList} onListChange={(list) => update({ list })} /> : null}
          {tab === 'futures' ? <FuturesPanel group={group} onGroupChange={(next) => update({ group: next })} /> : null}
          {tab === 'indices' ? <IndicesPanel /> : null}
          {tab === 'forex' ? <ForexPanel /> : null}
          {tab === 'taiwan' ? <TaiwanPanel /> : null}
        </div>
      </PullToRefresh>
    </>
  );
}
