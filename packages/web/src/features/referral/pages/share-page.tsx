import '../referral.css';
import { DelayedLoading } from '../../../components/delayed-loading';
import { LoadError } from '../../../components/load-error';
import { copyText } from '../../../lib/clipboard';
import { showSuccessToast, showToast } from '../../../lib/toast';
import { useReferral } from '../api/get-referral';
import { QrCode } from '../../../components/qr-code';
import { useReferralTranslation } from '../i18n/use-referral-translation';
import { inviteLinkOf } from '../utils/invite-link';

/** The Web Share API where the browser has it (phones, mostly); elsewhere the copy buttons do. */
const canShare = (): boolean => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/**
 * SPEC §2 `/pages/profile/share`: the user's invite code, invite link, its QR code and how many
 * people they invited; the link goes to the phone's share sheet where there is one.
 */
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
  const share = async () => {
    try {
      await navigator.share({ title: t('share.shareTitle'), url: link });
    } catch (error) {
      // Closing the share sheet is a choice, not a failure; a refused share falls back to the copy.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      await copy(link);
    }
  };

  return (
    <>
      <div className="section">
        <div className="card rf-hero">
          <h2 className="rf-heading">{t('share.heading')}</h2>
          <p className="rf-intro">{t('share.intro')}</p>
          <QrCode value={link} label={t('share.qr')} className="rf-qr" />
          <p className="rf-qr-hint">{t('share.qrHint')}</p>
          {canShare() ? (
            <button type="button" className="rf-share" aria-label={t('share.shareLabel')} onClick={() => void share()}>
              {t('share.share')}
            </button>
          ) : null}
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
