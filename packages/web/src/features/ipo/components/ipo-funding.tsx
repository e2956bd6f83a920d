import type { Currency, IpoOffering } from '@tradewind/contract';
import { useTranslation } from 'react-i18next';
import { FundFromWallets, shortfallToFund } from '../../../components/buying-power/fund-from-wallets';
import { formatMoney } from '../../../lib/format-number';
import { useAppNavigate } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { showSuccessToast } from '../../../lib/toast';

interface IpoFundingProps {
  offering: IpoOffering;
  lots: number;
  /** What the lots cost and what the IPO wallet has available. */
  total: number;
  available: number;
  /** The form's own checks (quantity, lots offered); false when it shows an error. */
  check: () => boolean;
}

/** The subscribe page's "transfer from another wallet and subscribe" (issue 18), when the IPO wallet is short. */
export function IpoFunding({ offering, lots, total, available, check }: IpoFundingProps) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  // The price of a lot is fixed: no allowance for a moving price.
  const shortfall = shortfallToFund(total, available, false);
  if (shortfall === undefined) return null;
  return (
    <FundFromWallets
      toWallet="SUBSCRIPTION"
      currency={offering.currency as Currency}
      shortfall={shortfall}
      missing={Math.round((total - available) * 100) / 100}
      verb="ipo"
      prepare={() => (check() ? { kind: 'ipo', body: { id: offering.id, quantity: lots } } : null)}
      onPlaced={(result) => {
        showSuccessToast(
          `${t('buyingPower.done', { amount: formatMoney(result.transfer.amount, result.transfer.currency), wallet: t(`wallets.${result.transfer.fromWallet}`) })} · ${t('ipo.subscribed', { code: offering.stockCode })}`,
        );
        navigate(`${paths.productNewStock}?tab=mine`);
      }}
    />
  );
}
