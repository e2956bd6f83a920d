import { useFundingOverview } from '../../api/funds/get-funding-overview';
import { PriceSourceLabel } from './price-source-label';

/**
 * Under the Trade and Account totals: the prices they are valued at, and when they were fetched.
 * Its own file so Home, which shows the source but no totals, does not load the totals' schema.
 */
export function ValuationSourceLabel() {
  const overview = useFundingOverview();
  return <PriceSourceLabel asOf={overview.dataUpdatedAt || undefined} />;
}
