import '../funding.css';
import type { DepositChannel } from '@tradewind/contract';
import { Link } from '../../../lib/router/router';
import { ChevronRightIcon, ListIcon } from '../../../components/icons/icons';
import { useWalletBalance } from '../../../api/funds/get-wallet-balance';
import { formatMoney } from '../../../lib/format-number';
import { useDepositChannels } from '../api/get-deposit-channels';
import { PageState } from '../components/page-state';
import { useFundingTranslation } from '../i18n/use-funding-translation';
import { fundingPaths } from '../utils/routes';

function ChannelGlyph({ channel }: { channel: DepositChannel }) {
  return (
    <span className={`fd-channel-glyph fd-channel-glyph-${channel.type}`} aria-hidden="true">
      {channel.type === 'fiat' ? (channel.currency === 'EUR' ? '€' : '$') : channel.asset.slice(0, 1)}
    </span>
  );
}

function ChannelList({ title, channels }: { title: string; channels: DepositChannel[] }) {
  const { t } = useFundingTranslation();
  if (channels.length === 0) return null;
  return (
    <>
      <h2 className="section-title">{title}</h2>
      <div className="section">
        <nav className="card" aria-label={title}>
          <ul className="menu-list">
            {channels.map((channel) => (
              <li key={channel.id} className="menu-item">
                <Link
                  className="menu-link fd-channel-link"
                  to={`${channel.type === 'fiat' ? fundingPaths.depositFiat : fundingPaths.depositWallet}?id=${channel.id}`}
                >
                  <ChannelGlyph channel={channel} />
                  <span className="fd-channel-text">
                    <span className="fd-channel-name">{channel.name}</span>
                    <span className="fd-channel-meta">
                      {channel.type === 'fiat'
                        ? t('deposit.fiatMeta', { currency: channel.currency, min: channel.minAmount })
                        : t('deposit.cryptoMeta', { network: channel.network ?? '', currency: channel.currency, min: channel.minAmount, asset: channel.asset })}
                    </span>
                  </span>
                  <ChevronRightIcon className="menu-chevron" />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </>
  );
}

/** SPEC §2 `/pages/deposit/index`: the funding wallet's balance and the ways to pay in. */
export function DepositPage() {
  const { t } = useFundingTranslation();
  const channels = useDepositChannels();
  const balance = useWalletBalance('BALANCE', 'USD');
  const list = channels.data ?? [];

  return (
    <div className="fd-page">
      <section className="section fd-balance-card" aria-label={t('deposit.balance')}>
        <div>
          <p className="fd-balance-label">{t('deposit.balance')}</p>
          <p className="fd-balance-value tabular" data-testid="deposit-balance">
            {balance.data ? formatMoney(balance.data.balance, 'USD') : '--'}
          </p>
          {balance.data && balance.data.frozen > 0 ? (
            <p className="fd-balance-note">{t('deposit.frozen', { amount: formatMoney(balance.data.frozen, 'USD') })}</p>
          ) : null}
        </div>
        <Link className="fd-balance-link" to={fundingPaths.records}>
          <ListIcon aria-hidden="true" />
          {t('records.title')}
        </Link>
      </section>
      <PageState query={channels} />
      <ChannelList title={t('deposit.bankTransfer')} channels={list.filter((channel) => channel.type === 'fiat')} />
      <ChannelList title={t('deposit.digitalCurrency')} channels={list.filter((channel) => channel.type === 'crypto')} />
      {channels.data ? (
        <div className="section">
          <p className="fd-note">{t('deposit.notRefunded')}</p>
        </div>
      ) : null}
    </div>
  );
}
