import '../referral.css';
import { DelayedLoading } from '../../../components/delayed-loading';
import { LoadError } from '../../../components/load-error';
import { copyText } from '../../../lib/clipboard';
import { showSuccessToast, showToast } from '../../../lib/toast';
import { useReferral } from '../api/get-referral';
import { QrCode } from '../../../components/qr-code';
import { useReferralTranslation } from '../i18n/use-referral-translation';
import { inviteLinkOf } from '../utils/invite-link';

/** SPEC §2 `/pages/profile/share`: the user's invite code, invite link, its QR code and how many people they invited. */
export function SharePage() {
  const { t } = useReferralTranslation();
  const referral = useReferral();

  if (!referral.data) return referral.isError ? <LoadError onRetry={() => void referral.refetch()} /> : <DelayedLoading />;
  const { inviteCode, invitedCount } = referral.data;
  const link = inviteLinkOf(inviteCode);
  const copy = async (text: string) => {
    if (await copyText(text)) showSuccessToast(t('share.copied'));
    else showToast(t('share.copyFailed'));
  };

  return (
    <>
      <div className="section">
        <div className="card rf-hero">
          <h2 className="rf-heading">{t('share.heading')}</h2>
          <p className="rf-intro">{t('share.intro')}</p>
          <QrCode value={link} label={t('share.qr')} className="rf-qr" />
          <p className="rf-qr-hint">{t('share.qrHint')}</p>
        </div>
      </div>
      <div className="section">
        <dl className="card rf-rows">
          <div className="rf-row">
            <dt className="rf-label">{t('share.code')}</dt>
            <dd className="rf-value">
              <span className="rf-code" data-testid="invite-code">
                {inviteCode}
              </span>
              <button type="button" className="rf-copy" onClick={() => void copy(inviteCode)}>
                {t('share.copyCode')}
              </button>
            </dd>
          </div>
          <div className="rf-row">
            <dt className="rf-label">{t('share.link')}</dt>
            <dd className="rf-value">
              <a className="rf-link" href={link} data-testid="invite-link">
                {link}
              </a>
              <button type="button" className="rf-copy" onClick={() => void copy(link)}>
                {t('share.copyLink')}
              </button>
            </dd>
          </div>
          <div className="rf-row">
            <dt className="rf-label">{t('share.invited')}</dt>
            <dd className="rf-value">
              <span className="rf-count" data-testid="invited-count">
                {invitedCount}
              </span>
            </dd>
          </div>
        </dl>
      </div>
    </>
  );
}
