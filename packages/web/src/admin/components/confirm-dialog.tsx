import type { FormEvent, ReactNode } from 'react';
import { useAdminTranslation } from '../i18n/use-admin-translation';
import { Modal } from './modal';

export interface ConfirmDialogProps {
  title: string;
  /** What will happen, in one or two sentences. */
  body?: ReactNode;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  busy?: boolean;
  /** The server's refusal, shown in the dialog so the admin can correct and retry. */
  error?: string | null;
  /** Extra inputs (confirmations, a reason). */
  children?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Every back-office action asks first; the form submits on Enter as well. */
export function ConfirmDialog({ title, body, confirmLabel, tone = 'primary', busy = false, error, children, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useAdminTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog is portalled, but React still bubbles its submit to any form that opened it.
    event.stopPropagation();
    if (!busy) onConfirm();
  };
  return (
    <Modal title={title} onClose={onCancel} locked={busy}>
      <form className="bo-confirm" onSubmit={submit} noValidate>
        {body ? <div className="bo-confirm-body">{body}</div> : null}
        {children}
        {error ? (
          <p className="bo-form-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="bo-confirm-actions">
          <button type="button" className="bo-button" onClick={onCancel} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" className={`bo-button bo-button-${tone}`} disabled={busy} aria-busy={busy}>
            {busy ? t('common.working') : confirmLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
