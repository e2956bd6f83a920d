import { type ReactNode, useId, useState } from 'react';
import { useAdminTranslation } from '../i18n/use-admin-translation';
import { ConfirmDialog } from './confirm-dialog';

/** The server's limits for a refusal reason (contract `rejectBody`: 2 to 200 characters, trimmed). */
export const REASON_MIN = 2;
export const REASON_MAX = 200;

export interface ReasonDialogProps {
  title: string;
  body?: ReactNode;
  confirmLabel: string;
  busy: boolean;
  error?: string | null;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}

/** A refusal: asks for the reason the user will read, and sends nothing without one. */
export function ReasonDialog({ title, body, confirmLabel, busy, error, onSubmit, onCancel }: ReasonDialogProps) {
  const { t } = useAdminTranslation();
  const id = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const confirm = () => {
    const trimmed = reason.trim();
    if (trimmed.length < REASON_MIN) return setProblem(t('review.reasonRequired'));
    if (trimmed.length > REASON_MAX) return setProblem(t('review.reasonTooLong'));
    setProblem(null);
    onSubmit(trimmed);
  };

  return (
    <ConfirmDialog title={title} body={body} confirmLabel={confirmLabel} tone="danger" busy={busy} error={error} onConfirm={confirm} onCancel={onCancel}>
      <div className="bo-field">
        <label className="bo-label" htmlFor={id}>
          {t('review.reasonLabel')}
        </label>
        <textarea
          id={id}
          className="bo-input bo-textarea"
          value={reason}
          rows={3}
          maxLength={REASON_MAX + 50}
          placeholder={t('review.reasonPlaceholder')}
          data-autofocus
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        {problem ? (
          <p id={`${id}-problem`} className="bo-field-error" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
    </ConfirmDialog>
  );
}
