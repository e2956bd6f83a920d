import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/session/use-session';
import { useOnlineStatus } from '../pwa/use-online-status';

/**
 * Says so while the phone is offline. Signed out, what is shown is the last saved shell and public
 * quotes (the service worker keeps them). Signed in, every market call carries the session and the
 * worker keeps none of them (a list marks the user's watchlist: private), so nothing claims to be saved.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  const { token } = useSession();
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      {token ? t('common.offlineSignedIn') : t('common.offline')}
    </div>
  );
}
