import { useState } from 'react';
import { useCorrectUser } from '../api/correct-user';
import type { AdminUser } from '../api/get-users';
import { useAdminTranslation } from '../i18n/use-admin-translation';
import { ConfirmDialog } from './confirm-dialog';
import { useWalletAmountForm, WalletAmountFields } from './wallet-amount-fields';

/**
 * A correction: a new ledger entry (kind `correction`) adding to or taking from a wallet, with the
 * reason the user then sees on their statement. Nothing already posted is edited. Confirmed first,
 * audited by the server.
 */
export function CorrectionForm({ user }: { user: AdminUser }) {
  const { t } = useAdminTranslation();
  const correct = useCorrectUser();
  const form = useWalletAmountForm();
  const { id } = form;
  const [direction, setDirection] = useState<'credit' | 'debit'>('debit');

  const send = () =>
    form.send(async (values) => {
      const answer = await correct.mutateAsync({ userId: user.id, ...values, direction });
      return t('correction.doneToast', { entryId: answer.entryId });
    });

  const shownAmount = form.shownAmount;
  return (
    <form className="bo-form" onSubmit={form.review} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="bo-section-title">
        {t('correction.title')}
      </h2>
      <p className="bo-hint">{t('correction.hint')}</p>
      <div className="bo-form-grid">
        <div className="bo-field">
          <label className="bo-label" htmlFor={`${id}-direction`}>
            {t('correction.direction')}
          </label>
          <select id={`${id}-direction`} className="bo-input" value={direction} onChange={(event) => setDirection(event.target.value === 'credit' ? 'credit' : 'debit')}>
            <option value="debit">{t('correction.debit')}</option>
            <option value="credit">{t('correction.credit')}</option>
          </select>
        </div>
        <WalletAmountFields form={form} reasonPlaceholder={t('correction.reasonPlaceholder')} />
      </div>
      <div className="bo-form-actions">
        <button type="submit" className="bo-button">
          {t('correction.submit')}
        </button>
      </div>
      {form.confirming ? (
        <ConfirmDialog
          title={direction === 'credit' ? t('correction.confirmTitleCredit', { amount: shownAmount }) : t('correction.confirmTitleDebit', { amount: shownAmount })}
          body={<p>{t('correction.confirmBody', { wallet: form.walletName, email: user.email, reason: form.values.reason })}</p>}
          confirmLabel={t('correction.confirm')}
          busy={correct.isPending}
          error={form.error}
          onConfirm={() => void send()}
          onCancel={form.cancel}
        />
      ) : null}
    </form>
  );
}
