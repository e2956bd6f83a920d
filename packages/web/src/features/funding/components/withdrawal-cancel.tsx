import type { Withdrawal } from '@tradewind/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatMoney } from '../../../lib/format-number';
import { showSuccessToast } from '../../../lib/toast';
import { useCancelWithdrawal } from '../api/cancel-withdrawal';
import { useFundingTranslation } from '../i18n/use-funding-translation';

/** Cancel for a pending withdrawal, after a confirmation; a refusal (already reviewed) shows as an error toast. */
export function WithdrawalCancel({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useFundingTranslation();
  const cancel = useCancelWithdrawal();
  const [asking, setAsking] = useState(false);
  const amount = formatMoney(withdrawal.amount, withdrawal.currency);
  return (
    <div className="fd-record-extra">
      <button type="button" className="fd-link-button" onClick={() => setAsking(true)}>
        {t('desk.cancel')}
      </button>
      <ConfirmDialog
        visible={asking}
        title={t('desk.cancelTitle')}
        confirmText={t('desk.cancelConfirm')}
        dismissText={t('desk.keep')}
        danger
        busy={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(withdrawal.id, {
            onSuccess: () => showSuccessToast(t('desk.cancelledToast', { amount })),
            onSettled: () => setAsking(false),
          })
        }
        onCancel={() => setAsking(false)}
      >
        <p className="confirm-headline">{t('desk.cancelBody', { amount })}</p>
      </ConfirmDialog>
    </div>
  );
}
