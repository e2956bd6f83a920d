import type { QuoteItem } from '@tradewind/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from '../../../lib/router/router';
import { StarFilledIcon, StarIcon } from '../../../components/icons/icons';
import { useAppNavigate } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/use-session';
import { showSuccessToast } from '../../../lib/toast';
import { useToggleWatchlist } from '../api/toggle-watchlist';

/**
 * The watchlist star: filled when watched (`selfSelectStatus` 1). A visitor is taken to login and
 * comes back here after; a signed-in tap toggles (SPEC §4), a failure shows the server's message.
 */
export function WatchStar({ item }: { item: QuoteItem }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const location = useLocation();
  const navigate = useAppNavigate();
  const toggle = useToggleWatchlist();
  const [watched, setWatched] = useState(item.selfSelectStatus === 1);

  // A refetch (or another contract month) brings the server's view.
  useEffect(() => setWatched(item.selfSelectStatus === 1), [item.selfSelectStatus, item.stock_code]);

  const onClick = () => {
    if (!token) {
      navigate(paths.login, { state: { from: location.pathname + location.search } });
      return;
    }
    toggle.mutate(
      {
        classify: item.classify,
        assettype: item.source,
        securityName: item.name,
        secuCode: item.stock_code,
        market: item.market,
      },
      {
        onSuccess: ({ selected }) => {
          setWatched(selected);
          showSuccessToast(selected ? t('quote.addedToWatchlist') : t('quote.removedFromWatchlist'));
        },
      },
    );
  };

  const active = token !== null && watched;
  return (
    <button
      type="button"
      className={active ? 'watch-star watch-star-active' : 'watch-star'}
      aria-pressed={active}
      aria-label={active ? t('quote.removeFromWatchlist') : t('quote.addToWatchlist')}
      onClick={onClick}
      disabled={toggle.isPending}
    >
      {active ? <StarFilledIcon /> : <StarIcon />}
    </button>
  );
}
