import type { Position } from '@tradewind/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAlreadyReported } from '../../../api/api-error';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { TextField } from '../../../components/form/text-field';
import { useIdempotencyKey } from '../../../hooks/use-idempotency-key';
import { useWalletBalance } from '../../../api/funds/get-wallet-balance';
import { formatMoney } from '../../../lib/format-number';
import { showSuccessToast, showToast } from '../../../lib/toast';
import { walletOfSource } from '../../../lib/trading/wallet-of-source';
import { type ValidationKey, validateAmount } from '../../../components/form/validation';
import { useAddMargin } from '../api/add-margin';
import { AddMarginRiskPreview } from './position-risk';

/** Moves more of the wallet into a position's margin, so it stands further from liquidation. */
export function AddMarginDialog({ position, onClose }: { position: Position; onClose: () => void }) {
  const { t } = useTranslation();
  const wallet = walletOfSource(position.source);
  const balance = useWalletBalance(wallet.walletType, wallet.currency);
  const addMargin = useAddMargin();
  const idempotency = useIdempotencyKey();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<ValidationKey | undefined>();

  const onConfirm = () => {
    const invalid = validateAmount(amount);
    setError(invalid);
    if (invalid) return;
    const body = { id: position.id, amount: amount.trim() };
    addMargin.mutate(
      { ...body, idempotencyKey: idempotency.keyFor(body) },
      {
        onSuccess: () => {
          idempotency.complete();
          showSuccessToast(t('trade.marginAdded'));
          onClose();
        },
        onError: (failure) => {
          if (!isAlreadyReported(failure)) showToast(failure.message);
        },
      },
    );
  };

  return (
    <ConfirmDialog visible title={t('trade.addMarginTitle', { name: position.name })} confirmText={t('trade.addMargin')} busy={addMargin.isPending} onConfirm={onConfirm} onCancel={onClose}>
      <div className="dialog-form">
        <p className="form-hint">
          {t('trade.currentMargin')}: {formatMoney(position.isolatedPosition, position.currency)} · {t('trade.available')}:{' '}
          {balance.data ? formatMoney(balance.data.available, balance.data.currency) : '--'}
        </p>
        <TextField
          label={t('trade.marginAmount')}
          name="margin"
          inputMode="decimal"
          value={amount}
          onChange={(value) => {
            setAmount(value);
            setError(undefined);
          }}
          error={error ? t(error) : undefined}
          autoFocus
        />
        <AddMarginRiskPreview position={position} amount={amount} />
      </div>
    </ConfirmDialog>
  );
}
