import type { Currency, FundAndPlaceResult, FundingSource, WalletType } from '@tradewind/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router/router';
import { isAlreadyReported, isApiError } from '../../api/api-error';
import { useIdempotencyKey } from '../../hooks/use-idempotency-key';
import { type FundAction, useFundAndPlace } from '../../api/funds/fund-and-place';
import { useFundingPlan } from '../../api/funds/get-funding-plan';
import { formatMoney, formatPrice } from '../../lib/format-number';
import { paths } from '../../lib/paths';
import { ConfirmDialog } from '../confirm-dialog';
import './fund-from-wallets.css';

/** Room for the price moving between the preview and the fill: 1% of the cost, for market orders. */
export const SLIPPAGE_ALLOWANCE = 0.01;

/**
 * How much more a wallet needs, in cents rounded up, as decimal text (the funding plan's key), or
 * undefined when it is not short. A market order adds the slippage allowance to its cost.
 */
export function shortfallToFund(cost: number, available: number, withSlippage: boolean): string | undefined {
  if (!(cost > available)) return undefined;
  const needed = Math.ceil((cost * (withSlippage ? 1 + SLIPPAGE_ALLOWANCE : 1) - available) * 100 - 1e-6);
  return needed > 0 ? (needed / 100).toFixed(2) : undefined;
}

export interface FundFromWalletsProps {
  /** The wallet the action pays from, and its currency. */
  toWallet: WalletType;
  currency: Currency;
  /** How much more it needs (decimal text in its currency, from `shortfallToFund`: with any slippage allowance). */
  shortfall: string;
  /** What it lacks exactly (cost − available), said in the text above the offer. */
  missing: number;
  /** Which words the button uses: place the order, subscribe, follow. */
  verb: 'order' | 'ipo' | 'follow';
  /** Whether the shortfall includes the slippage allowance (said in the confirmation). */
  withSlippage?: boolean;
  /** Checks the page's form (showing its errors) and builds the action, or null when the form is not ready. */
  prepare: () => FundAction | null;
  /** The action's own figures, shown in the confirmation under the transfer. */
  summary?: ReactNode;
  onPlaced: (result: FundAndPlaceResult) => void;
}

/**
 * Shown where a wallet is short: what the other wallets have available, and one button that moves
 * the missing amount from the best of them and places the action in one confirmed step. The server
 * does both in one transaction, so a refusal leaves the money where it was, and the refusal says so.
 */
export function FundFromWallets({ toWallet, currency, shortfall, missing, verb, withSlippage, prepare, summary, onPlaced }: FundFromWalletsProps) {
  const { t } = useTranslation();
  const plan = useFundingPlan(toWallet, shortfall);
  const fundAndPlace = useFundAndPlace();
  const transferKeys = useIdempotencyKey();
  const actionKeys = useIdempotencyKey();
  // Frozen when the dialog opens: a retry sends the same amount and action under the same keys.
  const [pending, setPending] = useState<{ source: FundingSource; action: FundAction } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const walletName = (wallet: WalletType) => t(`wallets.${wallet}`);
  const sources = plan.data?.sources ?? [];
  const best = sources.find((source) => source.enough);

  const open = () => {
    if (!best) return;
    const action = prepare();
    if (!action) return;
    setRefusal(null);
    setPending({ source: best, action });
  };

  const confirm = () => {
    if (!pending) return;
    const transfer = { fromWallet: pending.source.fromWallet, currency: pending.source.currency, amount: pending.source.amount.toFixed(2) };
    const request = {
      transfer: { ...transfer, idempotencyKey: transferKeys.keyFor(transfer) },
      action: { ...pending.action, idempotencyKey: actionKeys.keyFor(pending.action) },
    };
    fundAndPlace.mutate(request, {
      onSuccess: (result) => {
        transferKeys.complete();
        actionKeys.complete();
        setPending(null);
        onPlaced(result);
      },
      onError: (error) => {
        setPending(null);
        if (isApiError(error) && error.kind === 'server') {
          // A refusal rolled both back on the server: the money did not move, and the next attempt is a new action.
          transferKeys.complete();
          actionKeys.complete();
          const reason = /[.!?。]$/.test(error.message) ? error.message : `${error.message}.`;
          setRefusal(t('buyingPower.refused', { reason, wallet: walletName(pending.source.fromWallet) }));
          return;
        }
        // No answer: it may or may not have happened, so claim nothing; the keys stay, and a retry cannot do it twice.
        setRefusal(isAlreadyReported(error) ? null : error.message || t('common.networkError'));
      },
    });
  };

  return (
    <section className="card fund-card" aria-label={t('buyingPower.otherWallets')} data-testid="fund-from-wallets">
      <p className="fund-short">{t('buyingPower.short', { wallet: walletName(toWallet), amount: formatMoney(missing, currency) })}</p>
      {sources.length > 0 ? (
        <>
          <h3 className="fund-title">{t('buyingPower.otherWallets')}</h3>
          <ul className="fund-sources">
            {sources.map((source) => (
              <li key={`${source.fromWallet}:${source.currency}`}>
                <span>{walletName(source.fromWallet)}</span>
                <span className="tabular">{formatMoney(source.available, source.currency)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {best ? (
        <button type="button" className="fund-button" onClick={open} disabled={fundAndPlace.isPending} data-testid="fund-and-place">
          {t(`buyingPower.action.${verb}`, { amount: formatMoney(best.amount, best.currency), wallet: walletName(best.fromWallet) })}
        </button>
      ) : plan.data ? (
        <p className="fund-note">
          {sources.length > 0 ? t('buyingPower.notEnough') : t('buyingPower.noneElsewhere')}{' '}
          <Link className="fund-link" to={paths.deposit}>
            {t('buyingPower.deposit')}
          </Link>
        </p>
      ) : null}
      {refusal ? (
        <p className="order-warning" role="alert" data-testid="fund-refusal">
          {refusal}
        </p>
      ) : null}

      <ConfirmDialog
        visible={pending !== null}
        title={t('buyingPower.confirmTitle')}
        confirmText={t('buyingPower.confirm')}
        busy={fundAndPlace.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        {pending ? <FundConfirmSummary source={pending.source} toWallet={toWallet} currency={currency} withSlippage={withSlippage} summary={summary} /> : null}
      </ConfirmDialog>
    </section>
  );
}

interface FundConfirmSummaryProps {
  source: FundingSource;
  toWallet: WalletType;
  currency: Currency;
  withSlippage: boolean | undefined;
  summary: ReactNode;
}

/** The confirmation's text: the transfer (and what arrives, across currencies), the action's figures, what is left over. */
function FundConfirmSummary({ source, toWallet, currency, withSlippage, summary }: FundConfirmSummaryProps) {
  const { t } = useTranslation();
  const walletName = (wallet: WalletType) => t(`wallets.${wallet}`);
  return (
    <div className="confirm-summary fund-confirm">
      <p className="confirm-headline">
        {t('buyingPower.confirmTransfer', {
          amount: formatMoney(source.amount, source.currency),
          from: walletName(source.fromWallet),
          to: walletName(toWallet),
        })}
      </p>
      {source.currency !== currency ? (
        <p className="fund-note">
          {t('buyingPower.arrives', {
            amount: formatMoney(Math.floor(Math.round(source.amount * 100) * source.rate) / 100, currency),
            rate: formatPrice(source.rate, 4),
          })}
        </p>
      ) : null}
      {summary}
      <p className="fund-note">{t('buyingPower.settlesNow', { wallet: walletName(source.fromWallet) })}</p>
      <p className="fund-note">
        {t('buyingPower.leftover', { wallet: walletName(toWallet) })}
        {withSlippage ? ` ${t('buyingPower.slippage')}` : ''}
      </p>
    </div>
  );
}
