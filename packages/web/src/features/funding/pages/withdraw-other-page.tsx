import '../funding.css';
import { useState } from 'react';
import { SegmentedControl } from '../../../components/segmented-control';
import { BankFields } from '../components/bank-fields';
import { WalletFields } from '../components/wallet-fields';
import { WithdrawForm } from '../components/withdraw-form';
import { WithdrawTabs } from '../components/withdraw-tabs';
import { useFundingTranslation } from '../i18n/use-funding-translation';
import {
  type BankFields as BankValues,
  type MethodProblem,
  type WalletFields as WalletValues,
  checkBankFields,
  checkWalletFields,
  shortAddress,
} from '../utils/payment-method';
import { fundingPaths } from '../utils/routes';

type Kind = 'bank' | 'crypto';

/** SPEC §2 `/pages/withdraw/other`: withdraw to a bank account or wallet typed for this withdrawal only (not saved). */
export function WithdrawOtherPage() {
  const { t } = useFundingTranslation();
  const [kind, setKind] = useState<Kind>('bank');
  const [bank, setBank] = useState<BankValues>({ bankName: '', accountName: '', cardNumber: '' });
  const [wallet, setWallet] = useState<WalletValues>({ currencyType: 'USDT', network: 'TRC20', address: '' });
  const [bankErrors, setBankErrors] = useState<Partial<Record<keyof BankValues, MethodProblem>>>({});
  const [walletErrors, setWalletErrors] = useState<Partial<Record<keyof WalletValues, MethodProblem>>>({});

  const resolveDestination = () => {
    if (kind === 'bank') {
      const problems = checkBankFields(bank);
      setBankErrors(problems);
      if (Object.keys(problems).length > 0) return null;
      const cardNumber = bank.cardNumber.trim();
      return {
        kind: 'other' as const,
        method: { kind: 'bank' as const, bankName: bank.bankName.trim(), accountName: bank.accountName.trim(), cardNumber },
        summary: `${bank.bankName.trim()} ${cardNumber}`,
      };
    }
    const problems = checkWalletFields(wallet);
    setWalletErrors(problems);
    if (Object.keys(problems).length > 0) return null;
    return {
      kind: 'other' as const,
      method: { kind: 'crypto' as const, currencyType: wallet.currencyType, network: wallet.network, address: wallet.address.trim() },
      summary: `${wallet.currencyType} ${wallet.network} ${shortAddress(wallet.address.trim())}`,
    };
  };

  return (
    <div className="fd-page">
      <div className="section">
        <WithdrawTabs current={fundingPaths.withdrawOther} />
      </div>
      <div className="section">
        <WithdrawForm resolveDestination={resolveDestination}>
          <section className="card fd-form-card" aria-label={t('withdraw.destination')}>
            <h2 className="fd-card-title">{t('withdraw.destination')}</h2>
            <p className="fd-card-subtitle">{t('withdraw.otherHint')}</p>
            <SegmentedControl<Kind>
              label={t('withdraw.destinationKind')}
              value={kind}
              onChange={setKind}
              options={[
                { value: 'bank', label: t('withdraw.bankAccount') },
                { value: 'crypto', label: t('withdraw.digitalWallet') },
              ]}
            />
            {kind === 'bank' ? (
              <BankFields
                values={bank}
                errors={bankErrors}
                onChange={(field, value) => {
                  setBank((current) => ({ ...current, [field]: value }));
                  setBankErrors((current) => ({ ...current, [field]: undefined }));
                }}
              />
            ) : (
              <WalletFields
                values={wallet}
                errors={walletErrors}
                onChange={(values, changed) => {
                  setWallet(values);
                  setWalletErrors((current) => ({ ...current, [changed]: undefined }));
                }}
              />
            )}
          </section>
        </WithdrawForm>
      </div>
    </div>
  );
}
