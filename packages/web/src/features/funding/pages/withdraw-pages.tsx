import '../funding.css';
import type { PaymentMethod } from '@tradewind/contract';
import { useState } from 'react';
import { usePaymentMethods } from '../api/get-payment-methods';
import { MethodPicker } from '../components/method-picker';
import { PageState } from '../components/page-state';
import { WithdrawForm } from '../components/withdraw-form';
import { WithdrawTabs } from '../components/withdraw-tabs';
import { useFundingTranslation } from '../i18n/use-funding-translation';
import { describeMethod } from '../utils/payment-method';
import { fundingPaths } from '../utils/routes';

/** A withdrawal to one of the saved methods of a kind: pick it (the first is preselected), then amount and pay password. */
function SavedMethodWithdrawal({ kind }: { kind: PaymentMethod['kind'] }) {
  const { t } = useFundingTranslation();
  const methods = usePaymentMethods();
  const [chosen, setChosen] = useState<number | null>(null);
  const [missing, setMissing] = useState(false);
  const mine = (methods.data ?? []).filter((method) => method.kind === kind);
  const selected = mine.find((method) => method.id === chosen) ?? mine[0] ?? null;

  const resolveDestination = () => {
    setMissing(selected === null);
    return selected ? { kind: 'saved' as const, cardId: selected.id, summary: describeMethod(selected) } : null;
  };

  return (
    <div className="fd-page">
      <div className="section">
        <WithdrawTabs current={kind === 'bank' ? fundingPaths.withdrawBankCard : fundingPaths.withdrawCrypto} />
      </div>
      <div className="section">
        {methods.data ? (
          <WithdrawForm resolveDestination={resolveDestination}>
            <MethodPicker
              kind={kind}
              methods={mine}
              value={selected?.id ?? null}
              onChange={(id) => {
                setChosen(id);
                setMissing(false);
              }}
              error={missing ? t(kind === 'bank' ? 'validation.cardRequired' : 'validation.walletRequired') : undefined}
            />
          </WithdrawForm>
        ) : (
          <PageState query={methods} />
        )}
      </div>
    </div>
  );
}

/** SPEC §2 `/pages/withdraw/bcard`: withdraw to a saved bank card. */
export function WithdrawBankCardPage() {
  return <SavedMethodWithdrawal kind="bank" />;
}

/** SPEC §2 `/pages/withdraw/vm`: withdraw to a saved digital-currency wallet. */
export function WithdrawCryptoPage() {
  return <SavedMethodWithdrawal kind="crypto" />;
}
