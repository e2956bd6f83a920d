import '../second-factor.css';
import { isLoginChallenge } from '@tradewind/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from '../../../lib/router/router';
import { isOneTimeCode, OneTimeCodeField, OneTimeCodeToggle } from '../../../components/form/one-time-code-field';
import { PasswordField } from '../../../components/form/password-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useForm } from '../../../components/form/use-form';
import { useAppNavigate } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { showSuccessToast } from '../../../lib/toast';
import { validateEmail, validateRequired } from '../../../components/form/validation';
import { useLogin, useLoginSecondFactor } from '../api/login';
import { AuthHero } from '../components/auth-hero';

/** Where a guard sent the user from, if it is one of our own paths (never an outside URL). */
function returnPath(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('from' in state)) return undefined;
  const { from } = state;
  return typeof from === 'string' && from.startsWith('/pages/') ? from : undefined;
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const location = useLocation();
  const login = useLogin();
  const form = useForm({ email: '', password: '' });
  const { values, errors } = form;
  const [challenge, setChallenge] = useState<string | null>(null);
  const done = () => {
    showSuccessToast(t('auth.loginDone'));
    navigate(returnPath(location.state) ?? paths.account, { replace: true });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const valid = form.validate({ email: validateEmail, password: validateRequired('validation.passwordRequired') });
    if (!valid) return;
    login.mutate(
      { username: values.email.trim(), password: values.password },
      {
        onSuccess: (answer) => {
          if (isLoginChallenge(answer)) setChallenge(answer.challenge);
          else done();
        },
      },
    );
  };

  if (challenge) return <SecondFactorStep challenge={challenge} onDone={done} onBack={() => setChallenge(null)} />;

  return (
    <div className="form-page">
      <AuthHero title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')} />
      <form className="form-card" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('fields.email')}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('fields.emailPlaceholder')}
          value={values.email}
          onChange={(value) => form.setValue('email', value)}
          error={errors.email && t(errors.email)}
        />
        <PasswordField
          label={t('fields.password')}
          name="password"
          autoComplete="current-password"
          placeholder={t('fields.passwordPlaceholder')}
          value={values.password}
          onChange={(value) => form.setValue('password', value)}
          error={errors.password && t(errors.password)}
        />
        <SubmitButton loading={login.isPending}>{t('auth.login')}</SubmitButton>
      </form>
      <div className="form-links">
        <Link to={paths.resetPassword}>{t('auth.forgotPassword')}</Link>
        <span>
          {t('auth.noAccount')} <Link to={paths.register}>{t('auth.signUpLink')}</Link>
        </span>
        <Link to={paths.service}>{t('chat.askSupport')}</Link>
      </div>
    </div>
  );
}

/** The second step when the account has two-factor sign-in: a code from the app, or a recovery code. */
function SecondFactorStep({ challenge, onDone, onBack }: { challenge: string; onDone: () => void; onBack: () => void }) {
  const { t } = useTranslation();
  const second = useLoginSecondFactor();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!isOneTimeCode(value, recovery)) {
      setInvalid(true);
      return;
    }
    second.mutate({ challenge, ...(recovery ? { recoveryCode: value } : { code: value }) }, { onSuccess: onDone, onError: () => setCode('') });
  };

  return (
    <div className="form-page">
      <AuthHero title={t('twoFactor.title')} subtitle={t('twoFactor.loginHint')} />
      <form className="form-card" onSubmit={onSubmit} noValidate>
        <OneTimeCodeField
          recovery={recovery}
          value={code}
          autoFocus
          onChange={(value) => {
            setCode(value);
            setInvalid(false);
          }}
          invalid={invalid}
        />
        <SubmitButton loading={second.isPending}>{t('twoFactor.verify')}</SubmitButton>
      </form>
      <div className="form-links">
        <OneTimeCodeToggle
          recovery={recovery}
          className="form-link-button"
          onToggle={() => {
            setRecovery((v) => !v);
            setCode('');
            setInvalid(false);
          }}
        />
        <button type="button" className="form-link-button" onClick={onBack}>
          {t('twoFactor.backToLogin')}
        </button>
      </div>
    </div>
  );
}
