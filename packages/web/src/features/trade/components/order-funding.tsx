import { type Currency, OrderStatus, type WalletType } from '@tradewind/contract';
import { useTranslation } from 'react-i18next';
import { FundFromWallets, shortfallToFund } from '../../../components/buying-power/fund-from-wallets';
import type { FundAction } from '../../../api/funds/fund-and-place';
import { formatMoney } from '../../../lib/format-number';
import { useAppNavigate } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { showSuccessToast } from '../../../lib/toast';
import { type OrderRequest, orderCall } from '../api/create-order';
import { FigureList } from './figure-list';

const kindOfPath: Record<string, FundAction['kind']> = { '/stock/create': 'stock', '/twStock/create': 'twStock', '/gold/create': 'gold' };

interface OrderFundingProps {
  wallet: { walletType: WalletType; currency: Currency };
  /** The preview's total (margin + fee) and the wallet's available amount. */
  cost: number;
  available: number;
  /** A market order fills at a price not known yet: the transfer carries the slippage allowance. */
  market: boolean;
  /** The page's own checks, then the order; null when the form shows an error. */
  order: () => OrderRequest | null;
  /** What the order is, in words ("Buy-up 1 Apple"), for the confirmation. */
  headline: string;
}

/** The order page's "transfer from another wallet and place the order" (issue 18), when its wallet is short. */
export function OrderFunding({ wallet, cost, available, market, order, headline }: OrderFundingProps) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const shortfall = shortfallToFund(cost, available, market);
  if (shortfall === undefined) return null;
  const prepare = (): FundAction | null => {
    const request = order();
    if (!request) return null;
    const { path, body } = orderCall(request);
    const kind = kindOfPath[path];
    return kind ? { kind, body } : null;
  };
  return (
    <FundFromWallets
      toWallet={wallet.walletType}
      currency={wallet.currency}
      shortfall={shortfall}
      missing={Math.round((cost - available) * 100) / 100}
      verb="order"
      withSlippage={market}
      prepare={prepare}
      summary={
        <>
          <p className="confirm-headline">{headline}</p>
          <FigureList figures={[{ key: 'total', label: t('order.total'), value: formatMoney(cost, wallet.currency) }]} />
        </>
      }
      onPlaced={(result) => {
        const filled = result.order?.status === OrderStatus.Success;
        showSuccessToast(
          `${t('buyingPower.done', { amount: formatMoney(result.transfer.amount, result.transfer.currency), wallet: t(`wallets.${result.transfer.fromWallet}`) })} · ${filled ? t('order.filled') : t('order.placed')}`,
        );
        navigate(`${paths.trade}?tab=${filled ? 'positions' : 'orders'}`);
      }}
    />
  );
}
