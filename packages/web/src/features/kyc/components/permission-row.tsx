import { showSuccessToast, showToast } from '../../../lib/toast';
import { useKycTranslation } from '../i18n/use-kyc-translation';

/** Permission states of the user record: 0 none, 1 under review, 2 refused, 3 granted. */
const Permission = { None: 0, Pending: 1, Refused: 2, Granted: 3 } as const;

interface PermissionRowProps {
  title: string;
  description: string;
  status: number;
  busy: boolean;
  onApply: (done: (status: number) => void) => void;
}

/**
 * Trading or block trading (SPEC §4): activated by applying. While staff review it, it reads that
 * transaction permissions are under review; refused, it can be applied for again.
 */
export function PermissionRow({ title, description, status, busy, onApply }: PermissionRowProps) {
  const { t } = useKycTranslation();
  const label =
    status === Permission.Granted
      ? t('permissions.granted')
      : status === Permission.Pending
        ? t('permissions.pending')
        : status === Permission.Refused
          ? t('permissions.refused')
          : t('permissions.none');
  const canApply = status === Permission.None || status === Permission.Refused;
  return (
    <li className="kyc-permission" aria-label={title}>
      <div className="kyc-permission-text">
        <p className="kyc-permission-title">{title}</p>
        <p className="kyc-permission-description">{description}</p>
        <p className={`kyc-permission-status kyc-permission-status-${status}`} data-testid="permission-status">
          {label}
        </p>
      </div>
      {canApply ? (
        <button
          type="button"
          className="kyc-apply"
          disabled={busy}
          onClick={() =>
            onApply((next) => {
              if (next === Permission.Granted) showSuccessToast(t('permissions.grantedToast'));
              else showToast(t('permissions.pending'));
            })
          }
        >
          {status === Permission.Refused ? t('permissions.applyAgain') : t('permissions.apply')}
        </button>
      ) : null}
    </li>
  );
}
