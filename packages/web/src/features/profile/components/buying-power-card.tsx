import type { BuyingPowerWallet, HoldBreakdown } from '@tradewind/contract';
import { useTranslation } from 'react-i18next';
import { useBuyingPower } from '../../../api/funds/get-buying-power';
import { formatMoney } from '../../../lib/format-number';
import './buying-power-card.css';

/** A wallet is listed when it holds anything; Funding always, since deposits land there. */
const shown = (wallet: BuyingPowerWallet) => wallet.balance !== 0 || (wallet.walletType === 'BALANCE' && wallet.currency === 'USD');

/**
 * Issue 18's one view of money: total equity in the display currency across every wallet and open
 * position, what is available, and why the rest is not (each hold's reason), per wallet.
 */
export function BuyingPowerCard() {
  const { t } = useTranslation();
  const { data } = useBuyingPower();
  const display = data?.currency ?? 'USD';
  const money = (value: number | undefined, currency = display, signed = false) => (value === undefined ? '--' : formatMoney(value, currency, { signed }));
  const reason = (hold: HoldBreakdown) => t(`buyingPower.reasons.${hold.reason}`);

  return (
    <section className="card buying-power-card" aria-label={t('buyingPower.title')} aria-busy={data ? undefined : true} data-testid="buying-power">
      <h2 className="buying-power-title">{t('buyingPower.title')}</h2>
      <p className="summary-label">{t('buyingPower.totalEquity')}</p>
      <p className="summary-total tabular" data-testid="bp-total-equity">
        {money(data?.totalEquity)}
      </p>
      <dl className="summary-grid summary-grid-two">
        <div>
          <dt>{t('buyingPower.available')}</dt>
          <dd className="tabular" data-testid="bp-available">
            {money(data?.available)}
          </dd>
        </div>
        <div>
          <dt>{t('buyingPower.positions')}</dt>
          <dd className="tabular" data-testid="bp-positions">
            {data ? money(data.positionMargin + data.floatingProfit) : '--'}
          </dd>
        </div>
        <div>
          <dt>{t('buyingPower.frozen')}</dt>
          <dd className="tabular" data-testid="bp-frozen">
            {money(data?.frozen)}
          </dd>
        </div>
        <div>
          <dt>{t('buyingPower.pendingTransfers')}</dt>
          <dd className="tabular" data-testid="bp-pending">
            {money(data?.pendingTransfers)}
          </dd>
        </div>
      </dl>

      {data ? (
        <>
          <h3 className="buying-power-subtitle">{t('buyingPower.heldFor')}</h3>
          {data.holds.length > 0 ? (
            <ul className="buying-power-rows" data-testid="bp-holds">
              {data.holds.map((hold) => (
                <li key={hold.reason}>
                  <span>{reason(hold)}</span>
                  <span className="tabular">{money(hold.amount)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="buying-power-note">{t('buyingPower.none')}</p>
          )}

          <h3 className="buying-power-subtitle">{t('buyingPower.wallets')}</h3>
          <ul className="buying-power-rows buying-power-wallets" data-testid="bp-wallets">
            {data.wallets.filter(shown).map((wallet) => (
              <li key={`${wallet.walletType}:${wallet.currency}`} data-testid={`bp-wallet-${wallet.walletType}-${wallet.currency}`}>
                <span className="buying-power-wallet">
                  {t(`wallets.${wallet.walletType}`)}
                  {wallet.currency !== display ? <span className="buying-power-currency"> · {wallet.currency}</span> : null}
                  {wallet.holds.map((hold) => (
                    <span key={hold.reason} className="buying-power-hold">
                      {t('buyingPower.walletHeld', { amount: money(hold.amount, wallet.currency) })} · {reason(hold)}
                    </span>
                  ))}
                </span>
                <span className="tabular buying-power-amount">
                  {money(wallet.available, wallet.currency)}
                  {wallet.currency !== display ? <span className="buying-power-currency">≈ {money(wallet.availableDisplay)}</span> : null}
                </span>
              </li>
            ))}
          </ul>
          <p className="buying-power-note">{t('buyingPower.rateNote', { currency: display })}</p>
        </>
      ) : null}
    </section>
  );
}
