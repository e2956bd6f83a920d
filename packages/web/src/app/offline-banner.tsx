import { useTranslation } from 'react-i18next';
import { useOnlineStatus } from '../pwa/use-online-status';

/** Says so while the phone is offline: what is shown then is the last saved shell and quotes. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      {t('common.offline')}
    </div>
  );
}
