import { Dialog } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  visible: boolean;
  title: string;
  children?: ReactNode;
  confirmText: string;
  /** The way out; "Cancel" unless the action itself is a cancellation (then "Back" reads better). */
  dismissText?: string;
  /** A destructive confirmation (cancel an order, close a position) shows its button in red. */
  danger?: boolean;
  /** While the action runs the confirm button is disabled, so a double tap cannot send it twice. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an action that moves money or cannot be undone. */
export function ConfirmDialog({ visible, title, children, confirmText, dismissText, danger, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      visible={visible}
      title={title}
      aria-label={title}
      content={children}
      closeOnMaskClick={!busy}
      onClose={onCancel}
      destroyOnClose
      actions={[
        [
          { key: 'cancel', text: dismissText ?? t('common.cancel'), disabled: busy },
          { key: 'confirm', text: confirmText, bold: true, danger, disabled: busy },
        ],
      ]}
      onAction={(action) => {
        if (action.key === 'confirm') onConfirm();
        else onCancel();
      }}
    />
  );
}
