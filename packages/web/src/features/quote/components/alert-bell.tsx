import './alert-bell.css';
import type { QuoteItem } from '@tradewind/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from '../../../lib/router/router';
import { BellIcon } from '../../../components/icons/icons';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/use-session';

/** Opens the alerts page with a form for this instrument (a visitor signs in first and comes back here). */
export function AlertBell({ item }: { item: QuoteItem }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const location = useLocation();
  const query = new URLSearchParams({ name: item.name, code: item.stock_code, source: String(item.source), price: String(item.price_nominal) });
  if (item.market) query.set('market', item.market);
  const to = token ? `${paths.alerts}?${query.toString()}` : paths.login;
  return (
    <Link className="watch-star" to={to} state={token ? undefined : { from: location.pathname + location.search }} aria-label={t('account.alerts')} data-testid="alert-bell">
      <BellIcon />
    </Link>
  );
}
