import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAlreadyReported } from '../../../api/api-error';
import { showSuccessToast, showToast } from '../../../lib/toast';
import { TRADE_PERMISSION_APPROVED, useApplyTradePermission } from '../api/apply-trade-permission';

/**
 * Shown when the server refuses an order for want of trading permission (SPEC §4, §6): its message,
 * and the way to apply. Approved at once, the user can submit again; otherwise it is under review.
 */
export function PermissionNotice({ message, onApproved }: { message: string; onApproved: () => void }) {
  const { t } = useTranslation();
  const apply = useApplyTradePermission();
  const [underReview, setUnderReview] = useState(false);

  const onApply = () => {
    apply.mutate(undefined, {
      onSuccess: ({ tradePermission }) => {
        if (tradePermission === TRADE_PERMISSION_APPROVED) {
          showSuccessToast(t('order.permissionApproved'));
          onApproved();
        } else setUnderReview(true);
      },
      onError: (error) => {
        if (!isAlreadyReported(error)) showToast(error.message);
      },
    });
  };

  return (
    <section className="card notice-card" role="alert">
      <p className="notice-text">{underReview ? t('order.permissionUnderReview') : message}</p>
      {underReview ? null : (
        <button type="button" className="primary-pill notice-action" onClick={onApply} disabled={apply.isPending}>
          {t('order.applyPermission')}
        </button>
      )}
    </section>
  );
}
