import { type ReactNode, useState } from 'react';
import { showSuccessToast } from '../../lib/toast';
import { errorMessage } from '../lib/error-message';
import { ConfirmDialog } from './confirm-dialog';
import { ReasonDialog } from './reason-dialog';

export interface ApproveAction {
  label: string;
  title: string;
  body: ReactNode;
  /** Extra inputs in the dialog (deposit confirmations). */
  fields?: ReactNode;
  /** Checks the extra inputs; false keeps the dialog open and sends nothing. */
  validate?: () => boolean;
  run: () => Promise<unknown>;
  doneMessage: string;
}

export interface RejectAction {
  label: string;
  title: string;
  body: ReactNode;
  run: (reason: string) => Promise<unknown>;
  doneMessage: string;
}

/**
 * Approve and reject for one record: each asks in a dialog, shows the server's refusal in that
 * dialog, and on success closes it, says so, and lets the caller move on.
 */
export function ReviewActions({ approve, reject, onDone }: { approve: ApproveAction; reject: RejectAction; onDone?: () => void }) {
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const open = (which: 'approve' | 'reject') => {
    setError(null);
    setDialog(which);
  };

  const perform = async (action: () => Promise<unknown>, doneMessage: string) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      setDialog(null);
      showSuccessToast(doneMessage);
      onDone?.();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="bo-actions">
      <button type="button" className="bo-button bo-button-primary" onClick={() => open('approve')}>
        {approve.label}
      </button>
      <button type="button" className="bo-button bo-button-danger-outline" onClick={() => open('reject')}>
        {reject.label}
      </button>
      {dialog === 'approve' ? (
        <ConfirmDialog
          title={approve.title}
          body={approve.body}
          confirmLabel={approve.label}
          busy={busy}
          error={error}
          onCancel={() => setDialog(null)}
          onConfirm={() => {
            if (approve.validate && !approve.validate()) return;
            void perform(approve.run, approve.doneMessage);
          }}
        >
          {approve.fields}
        </ConfirmDialog>
      ) : null}
      {dialog === 'reject' ? (
        <ReasonDialog
          title={reject.title}
          body={reject.body}
          confirmLabel={reject.label}
          busy={busy}
          error={error}
          onCancel={() => setDialog(null)}
          onSubmit={(reason) => void perform(() => reject.run(reason), reject.doneMessage)}
        />
      ) : null}
    </div>
  );
}
