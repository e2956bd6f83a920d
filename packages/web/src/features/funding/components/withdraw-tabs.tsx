import { SegmentedControl } from '../../../components/segmented-control';
import { useAppNavigate } from '../../../lib/navigation';
import { useFundingTranslation } from '../i18n/use-funding-translation';
import { fundingPaths } from '../utils/routes';

type WithdrawRoute = typeof fundingPaths.withdrawBankCard | typeof fundingPaths.withdrawCrypto | typeof fundingPaths.withdrawOther;

/** The three ways out (SPEC §2): to a saved bank card, to a saved wallet, or to a destination typed now. */
export function WithdrawTabs({ current }: { current: WithdrawRoute }) {
  const { t } = useFundingTranslation();
  const navigate = useAppNavigate();
  return (
    <SegmentedControl<WithdrawRoute>
      label={t('withdraw.method')}
      className="segmented-tabs"
      value={current}
      onChange={(to) => navigate(to, { replace: true })}
      options={[
        { value: fundingPaths.withdrawBankCard, label: t('withdraw.toBankCard') },
        { value: fundingPaths.withdrawCrypto, label: t('withdraw.toWallet') },
        { value: fundingPaths.withdrawOther, label: t('withdraw.toOther') },
      ]}
    />
  );
}
