import '../funding.css';
import type { PaymentMethod } from '@tradewind/contract';
import { useState } from 'react';
import { Link } from '../../../lib/router/router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EditIcon, TrashIcon } from '../../../components/icons/icons';
import { showSuccessToast } from '../../../lib/toast';
import { useDeletePaymentMethod } from '../api/delete-payment-method';
import { usePaymentMethods } from '../api/get-payment-methods';
import { PageState } from '../components/page-state';
import { useFundingTranslation } from '../i18n/use-funding-translation';
import { describeMethod, shortAddress } from '../utils/payment-method';
import { fundingPaths } from '../utils/routes';

function MethodTile({ method, onDelete }: { method: PaymentMethod; onDelete: (method: PaymentMethod) => void }) {
  const { t } = useFundingTranslation();
  const bank = method.kind === 'bank';
  const title = bank ? (method.bankName ?? '') : `${method.currencyType ?? ''}`;
  const editTo = `${bank ? fundingPaths.bankCardEdit : fundingPaths.walletEdit}?id=${method.id}`;
  return (
    <li className={`fd-method fd-method-${method.kind}`} aria-label={describeMethod(method)}>
      <div className="fd-method-top">
        <span className="fd-method-title">{title}</span>
        {bank ? null : <span className="fd-method-network">{method.network}</span>}
      </div>
      <p className="fd-method-number fd-mono" data-testid="method-number">
        {bank ? method.cardNumber : shortAddress(method.address)}
      </p>
      <div className="fd-method-bottom">
        <span className="fd-method-holder">{bank ? method.accountName : t('methods.walletLabel')}</span>
        <span className="fd-method-actions">
          <Link className="fd-method-action" to={editTo} aria-label={t('methods.editLabel', { name: describeMethod(method) })}>
            <EditIcon aria-hidden="true" /> {t('methods.edit')}
          </Link>
          <button
            type="button"
            className="fd-method-action"
            aria-label={t('methods.deleteLabel', { name: describeMethod(method) })}
            onClick={() => onDelete(method)}
          >
            <TrashIcon aria-hidden="true" /> {t('methods.delete')}
          </button>
        </span>
      </div>
    </li>
  );
}

function MethodSection({ kind, methods, onDelete }: { kind: PaymentMethod['kind']; methods: PaymentMethod[]; onDelete: (method: PaymentMethod) => void }) {
  const { t } = useFundingTranslation();
  const title = kind === 'bank' ? t('methods.bankCards') : t('methods.wallets');
  return (
    <>
      <h2 className="section-title">{title}</h2>
      <div className="section">
        {methods.length > 0 ? (
          <ul className="fd-method-list" aria-label={title}>
            {methods.map((method) => (
              <MethodTile key={method.id} method={method} onDelete={onDelete} />
            ))}
          </ul>
        ) : (
          <p className="fd-none">{kind === 'bank' ? t('methods.noCards') : t('methods.noWallets')}</p>
        )}
        <Link className="fd-add-tile" to={kind === 'bank' ? fundingPaths.bankCardEdit : fundingPaths.walletEdit}>
          <span aria-hidden="true">+</span> {kind === 'bank' ? t('methods.addCard') : t('methods.addWallet')}
        </Link>
      </div>
    </>
  );
}

/** SPEC §2 `/pages/bcard/index`: saved bank cards and wallets; add, edit, or delete after confirmation. */
export function PaymentMethodsPage() {
  const { t } = useFundingTranslation();
  const methods = usePaymentMethods();
  const remove = useDeletePaymentMethod();
  const [deleting, setDeleting] = useState<PaymentMethod | null>(null);

  if (!methods.data) return <PageState query={methods} />;
  const onConfirm = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => showSuccessToast(t('methods.deleted')),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <div className="fd-page">
      <MethodSection kind="bank" methods={methods.data.filter((method) => method.kind === 'bank')} onDelete={setDeleting} />
      <MethodSection kind="crypto" methods={methods.data.filter((method) => method.kind === 'crypto')} onDelete={setDeleting} />
      <ConfirmDialog
        visible={deleting !== null}
        title={deleting?.kind === 'crypto' ? t('methods.deleteWalletTitle') : t('methods.deleteCardTitle')}
        confirmText={t('methods.delete')}
        danger
        busy={remove.isPending}
        onConfirm={onConfirm}
        onCancel={() => setDeleting(null)}
      >
        {deleting ? <p className="confirm-headline">{describeMethod(deleting)}</p> : null}
      </ConfirmDialog>
    </div>
  );
}
