import { useTranslation } from 'react-i18next';
import { FundFromWallets, shortfallToFund } from '../../../components/buying-power/fund-from-wallets';
import { formatMoney } from '../../../lib/format-number';
import { useAppNavigate } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { showSuccessToast } from '../../../lib/toast';

interface FollowFundingProps {
  agencyId: number;
  /** The amount as typed (decimal text) and its value; what the FOLLOW wallet has available. */
  amount: string;
  value: number;
  available: number;
  /** The form's own checks (amount, range); false when it shows an error. */
  check: () => boolean;
}

/** The follow page's "transfer from another wallet and follow" (issue 18), when the FOLLOW wallet is short. */
export function FollowFunding({ agencyId, amount, value, available, check }: FollowFundingProps) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const shortfall = shortfallToFund(value, available, false);
  if (shortfall === undefined) return null;
  return (
    <FundFromWallets
      toWallet="FOLLOW"
      currency="USD"
      shortfall={shortfall}
      missing={Math.round((value - available) * 100) / 100}
      verb="follow"
      prepare={() => (check() ? { kind: 'follow', body: { agencyId, amount: amount.trim() } } : null)}
      onPlaced={(result) => {
        showSuccessToast(
          `${t('buyingPower.done', { amount: formatMoney(result.transfer.amount, result.transfer.currency), wallet: t(`wallets.${result.transfer.fromWallet}`) })} · ${t('follow.placed')}`,
        );
        navigate(paths.productFollow, { replace: true });
      }}
    />
  );
}
