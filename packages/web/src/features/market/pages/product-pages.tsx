import { type FuturesGroup, FuturesGroup as Group, futuresGroups } from '@tradewind/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../../lib/router/router';
import { QuoteList } from '../../../components/quote/quote-list';
import { usePopular } from '../api/get-popular';
import { EmptyList } from '../components/empty-list';
import { FuturesPanel, TaiwanPanel } from '../components/market-panels';

/** The rules a product follows, stated before its list so nobody learns them from a refusal. */
function ProductRules({ title, rules }: { title: string; rules: readonly string[] }) {
  return (
    <section className="section card product-rules" aria-label={title}>
      <h2 className="product-rules-title">{title}</h2>
      <ul className="product-rules-list">
        {rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </section>
  );
}

/** `/pages/product/taiwan`: TWSE stocks in NT$, traded from the TW wallet. */
export function TaiwanProductPage() {
  const { t } = useTranslation();
  return (
    <>
      <ProductRules
        title={t('products.taiwanRulesTitle')}
        rules={[t('products.taiwanCurrency'), t('products.taiwanLots'), t('products.taiwanLimit'), t('products.taiwanHours')]}
      />
      <TaiwanPanel />
    </>
  );
}

/** `/pages/product/future`: futures by group, each with its contract months and expiry. */
export function FuturesProductPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('group');
  const group = futuresGroups.find((g) => g === requested) ?? Group.Metals;
  const choose = (next: FuturesGroup) => setSearch({ group: next }, { replace: true });
  return (
    <>
      <ProductRules
        title={t('products.futuresRulesTitle')}
        rules={[t('products.futuresMargin'), t('products.futuresExpiry'), t('products.futuresHours')]}
      />
      <FuturesPanel group={group} onGroupChange={choose} />
    </>
  );
}

/** `/pages/product/popular`: what people trade and watch here, counted from real orders and watchlists. */
export function PopularProductPage() {
  const { t } = useTranslation();
  const popular = usePopular();
  const lists = [
    { key: 'traded', title: t('products.mostTraded'), hint: t('products.mostTradedHint'), items: popular.data?.mostTraded },
    { key: 'watched', title: t('products.mostWatched'), hint: t('products.mostWatchedHint'), items: popular.data?.mostWatched },
  ];
  return (
    <>
      {lists.map((list) => (
        <section key={list.key} aria-label={list.title}>
          <div className="section-head">
            <h2 className="section-title">{list.title}</h2>
          </div>
          <p className="section-hint">{list.hint}</p>
          <div className="section card">
            <QuoteList
              label={list.title}
              items={list.items}
              isLoading={popular.isLoading}
              isError={popular.isError}
              onRetry={() => void popular.refetch()}
              ranked
              showHeader
              skeletonRows={5}
              empty={<EmptyList />}
            />
          </div>
        </section>
      ))}
    </>
  );
}
