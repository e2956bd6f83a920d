import '../funding.css';
import { ChannelSwitch } from '../components/channel-switch';
import { CopyRow } from '../components/copy-row';
import { DepositForm } from '../components/deposit-form';
import { PageState } from '../components/page-state';
import { useChannel } from '../components/use-channel';
import { useFundingTranslation } from '../i18n/use-funding-translation';

/** SPEC §2 `/pages/deposit/fiat`: the house's bank details to copy, then the amount and the transfer's screenshot. */
export function DepositFiatPage() {
  const { t } = useFundingTranslation();
  const { query, channels, channel, select } = useChannel('fiat');

  if (!channel) {
    if (query.data) return <p className="empty-line">{t('deposit.noChannel')}</p>;
    return <PageState query={query} />;
  }
  return (
    <div className="fd-page">
      {channels.length > 1 ? (
        <div className="section">
          <ChannelSwitch channels={channels} value={channel.id} onChange={select} />
        </div>
      ) : null}
      <section className="section card fd-details-card" aria-label={t('deposit.bankDetails')}>
        <h2 className="fd-card-title">{t('deposit.bankDetails')}</h2>
        <p className="fd-card-subtitle">{t('deposit.bankDetailsHint', { currency: channel.currency })}</p>
        <dl className="fd-copy-list">
          {channel.bankName ? <CopyRow label={t('deposit.bankName')} value={channel.bankName} /> : null}
          {channel.accountName ? <CopyRow label={t('deposit.accountName')} value={channel.accountName} /> : null}
          {channel.accountNumber ? (
            <CopyRow label={t('deposit.accountNumber')} value={channel.accountNumber} mono testId="deposit-account-number" />
          ) : null}
          {channel.swift ? <CopyRow label={t('deposit.swift')} value={channel.swift} mono /> : null}
        </dl>
      </section>
      <ol className="section fd-steps">
        <li>{t('deposit.stepTransfer')}</li>
        <li>{t('deposit.stepScreenshot')}</li>
        <li>{t('deposit.stepSubmit')}</li>
      </ol>
      <div className="section">
        <DepositForm key={channel.id} channel={channel} />
      </div>
      <div className="section">
        <p className="fd-note">{t('deposit.fiatReview')}</p>
      </div>
    </div>
  );
}
