import { useCreditUser } from '../api/credit-user';
import type { AdminUser } from '../api/get-users';
import { useAdminTranslation } from '../i18n/use-admin-translation';
import { formatMoney } from '../lib/format';
import { ConfirmDialog } from './confirm-dialog';
import { useWalletAmountForm, WalletAmountFields } from './wallet-amount-fields';

/** A manual credit (money received outside the app), confirmed first and audited by the server. */
export function CreditForm({ user }: { user: AdminUser }) {
  const { t } = useAdminTranslation();
  const credit = useCreditUser();
  const form = useWalletAmountForm();
  const { id } = form;

  const send = () =>
    form.send(async (values) => {
      const wallet = await credit.mutateAsync({ userId: user.id, ...values });
      return t('credit.doneToast', { balance: formatMoney(wallet.balance, wallet.currency) });
    });

  return (
    <form className="bo-form" onSubmit={form.review} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="bo-section-title">
        {t('credit.title')}
      </h2>
      <p className="bo-hint">{t('credit.hint')}</p>
      <div className="bo-form-grid">
        <WalletAmountFields form={form} reasonPlaceholder={t('credit.reasonPlaceholder')} />
      </div>
      <div className="bo-form-actions">
        <button type="submit" className="bo-button bo-button-primary">
          {t('credit.submit')}
        </button>
      </div>
      {form.confirming ? (
        <ConfirmDialog
          title={t('credit.confirmTitle', { amount: form.shownAmount })}
          body={<p>{t('credit.confirmBody', { wallet: form.walletName, email: user.email, reason: form.values.reason })}</p>}
          confirmLabel={t('credit.confirm')}
          busy={credit.isPending}
          error={form.error}
          onConfirm={() => void send()}
          onCancel={form.cancel}
        />
      ) : null}
    </form>
  );
}
