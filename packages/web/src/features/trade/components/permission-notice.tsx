import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAlreadyReported } from '../../../api/api-error';
import { userInfoQueryKey } from '../../../api/session/get-user-info';
import { showSuccessToast, showToast } from '../../../lib/toast';
import { TRADE_PERMISSION_APPROVED, useApplyTradePermission } from '../api/apply-trade-permission';

/**
 * Shown when the user has no trading permission (SPEC §4, §6), from their profile or from the
 * server's refusal of an order: the message, and the way to apply. Approved at once, the user can
 * submit; otherwise (or when `pending`) it reads that the permission is under review.
 */
export function PermissionNotice({ message, pending = false, onApproved }: { message: string; pending?: boolean; onApproved: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const apply = useApplyTradePermission();
  const [applied, setApplied] = useState(false);
  const underReview = pending || applied;

  const onApply = () => {
    apply.mutate(undefined, {
      onSuccess: ({ tradePermission }) => {
        // The user's profile carries the permission: read it again.
        void queryClient.invalidateQueries({ queryKey: userInfoQueryKey });
        if (tradePermission === TRADE_PERMISSION_APPROVED) {
          showSuccessToast(t('order.permissionApproved'));
          onApproved();
        } else setApplied(true);
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
