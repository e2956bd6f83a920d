import '../funding.css';
import { DEPOSIT_CONFIRMATIONS } from '@tradewind/contract';
import { QrCode } from '../../../components/qr-code';
import { ChannelSwitch } from '../components/channel-switch';
import { CopyRow } from '../components/copy-row';
import { DepositForm } from '../components/deposit-form';
import { PageState } from '../components/page-state';
import { useChannel } from '../components/use-channel';
import { useFundingTranslation } from '../i18n/use-funding-translation';

/**
 * SPEC §2 `/pages/deposit/wallet`: the house's address on one network (with its QR code for a
 * wallet app to scan), the warning that other coins or networks are lost, then the amount and the transaction's screenshot.
 */
export function DepositWalletPage() {
  const { t } = useFundingTranslation();
  const { query, channels, channel, select } = useChannel('crypto');

  if (!channel) {
    if (query.data) return <p className="empty-line">{t('deposit.noChannel')}</p>;
    return <PageState query={query} />;
  }
  const network = channel.network ?? '';
  return (
    <div className="fd-page">
      {channels.length > 1 ? (
        <div className="section">
          <ChannelSwitch channels={channels} value={channel.id} onChange={select} />
        </div>
      ) : null}
      <section className="section card fd-details-card" aria-label={t('deposit.address')}>
        <div className="fd-address-head">
          <span className="fd-channel-glyph fd-channel-glyph-crypto" aria-hidden="true">
            {channel.asset.slice(0, 1)}
          </span>
          <div>
            <h2 className="fd-card-title">{t('deposit.sendAsset', { asset: channel.asset })}</h2>
            <span className="fd-network-chip">{network}</span>
          </div>
        </div>
        <dl className="fd-copy-list">
          {channel.address ? <CopyRow label={t('deposit.address')} value={channel.address} mono testId="deposit-address" /> : null}
        </dl>
        {channel.address ? (
          <figure className="fd-qr">
            <QrCode value={channel.address} label={t('deposit.addressQr', { address: channel.address })} size={176} className="fd-qr-code" />
            <figcaption className="fd-qr-hint">{t('deposit.qrHint')}</figcaption>
          </figure>
        ) : null}
        <p className="fd-warning" role="note">
          {t('deposit.networkWarning', { asset: channel.asset, network })}
        </p>
        <p className="fd-confirmations">{t('deposit.confirmations', { confirmations: DEPOSIT_CONFIRMATIONS })}</p>
      </section>
      <div className="section">
        <DepositForm key={channel.id} channel={channel} />
      </div>
      <div className="section">
        <p className="fd-note">{t('deposit.cryptoCredit', { currency: channel.currency })}</p>
      </div>
    </div>
  );
}
