import type { EmailCodePurpose } from '@tradewind/contract';
import { useTranslation } from 'react-i18next';
import { EMAIL_CODE_COOLDOWN_SECONDS } from '../../../lib/constants';
import { showSuccessToast } from '../../../lib/toast';
import { useSendEmailCode } from '../api/send-email-code';
import { useCountdown } from './use-countdown';

interface SendCodeButtonProps {
  email: string;
  purpose: EmailCodePurpose;
  /** Checks the e-mail field first (and shows its error); the code is only sent when it passes. */
  validateEmail: () => boolean;
}

/** Sends the e-mail code, then counts down 60 s before another may be asked for. */
export function SendCodeButton({ email, purpose, validateEmail }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const countdown = useCountdown(EMAIL_CODE_COOLDOWN_SECONDS);
  const sendCode = useSendEmailCode();

  const onClick = () => {
    if (!validateEmail()) return;
    sendCode.mutate(
      { email: email.trim(), type: purpose },
      {
        onSuccess: () => {
          countdown.start();
          showSuccessToast(t('auth.codeSent'));
        },
      },
    );
  };

  return (
    <button
      type="button"
      className="send-code-button"
      onClick={onClick}
      disabled={countdown.running || sendCode.isPending}
      aria-live="polite"
    >
      {countdown.running ? t('auth.resendIn', { seconds: countdown.left }) : t('auth.sendCode')}
    </button>
  );
}
