import '../settings.css';
import type { TwoFactorSetup } from '@tradewind/contract';
import { Button } from 'antd-mobile';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isOneTimeCode, OneTimeCodeField, OneTimeCodeToggle } from '../../../components/form/one-time-code-field';
import { PasswordField } from '../../../components/form/password-field';
import { QrCode } from '../../../components/qr-code';
import { copyText } from '../../../lib/clipboard';
import { useTwoFactorStatus } from '../../../api/session/two-factor-status';
import { showSuccessToast } from '../../../lib/toast';
import { useConfirmTwoFactor, useDisableTwoFactor, useSetupTwoFactor } from '../api/two-factor';

/** The key in groups of four, as authenticator apps print it. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Settings › Security: two-factor sign-in. Off: turn on (a QR code of the otpauth URI drawn here, the
 * key as text, a first code to confirm), then the ten recovery codes once with a copy button. On: how
 * many recovery codes are left, and turning it off with the password and a code.
 */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  const setup = useSetupTwoFactor();
  const confirm = useConfirmTwoFactor();
  const disable = useDisableTwoFactor();
  const [pending, setPending] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState(false);
  const [disabling, setDisabling] = useState(false);
  const [password, setPassword] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);

  const copy = async (text: string) => {
    if (await copyText(text)) showSuccessToast(t('twoFactor.copied'));
  };

  const onConfirm = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!isOneTimeCode(value)) {
      setCodeError(true);
      return;
    }
    confirm.mutate(value, {
      onSuccess: (answer) => {
        setPending(null);
        setCode('');
        setRecoveryCodes(answer.recoveryCodes);
      },
    });
  };

  const onDisable = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!password || !isOneTimeCode(value, useRecovery)) {
      setCodeError(true);
      return;
    }
    disable.mutate(
      { password, ...(useRecovery ? { recoveryCode: value } : { code: value }) },
      {
        onSuccess: () => {
          setDisabling(false);
          setPassword('');
          setCode('');
          showSuccessToast(t('twoFactor.disabled'));
        },
      },
    );
  };

  const codeField = (recovery = false) => (
    <OneTimeCodeField
      recovery={recovery}
      value={code}
      onChange={(value) => {
        setCode(value);
        setCodeError(false);
      }}
      invalid={codeError}
    />
  );

  const data = status.data;
  const on = data?.enabled === true;
  return (
    <section className="card two-factor-card" aria-labelledby="two-factor-title" data-testid="two-factor-card">
      <div className="two-factor-head">
        <h2 id="two-factor-title" className="two-factor-title">
          {t('twoFactor.title')}
        </h2>
        {data ? <span className={on ? 'two-factor-badge two-factor-badge-on' : 'two-factor-badge'}>{on ? t('twoFactor.statusOn') : t('twoFactor.statusOff')}</span> : null}
      </div>

      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onCopy={(text) => void copy(text)} onDone={() => setRecoveryCodes(null)} />
      ) : pending ? (
        <SetupForm setup={pending} codeField={codeField()} busy={confirm.isPending} onSubmit={onConfirm} onCopy={(text) => void copy(text)} />
      ) : on ? (
        disabling ? (
          <form onSubmit={onDisable} noValidate>
            <p className="form-hint">{t('twoFactor.disableHint')}</p>
            <PasswordField label={t('twoFactor.password')} name="password" autoComplete="current-password" value={password} onChange={setPassword} />
            {codeField(useRecovery)}
            <OneTimeCodeToggle
              recovery={useRecovery}
              className="two-factor-link"
              onToggle={() => {
                setUseRecovery((v) => !v);
                setCode('');
                setCodeError(false);
              }}
            />
            <Button type="submit" color="danger" block loading={disable.isPending}>
              {t('twoFactor.disable')}
            </Button>
          </form>
        ) : (
          <>
            <p className="form-hint" data-testid="recovery-left">
              {t('twoFactor.codesLeft', { count: data.recoveryCodesLeft })}
            </p>
            <Button block onClick={() => setDisabling(true)}>
              {t('twoFactor.disable')}
            </Button>
          </>
        )
      ) : (
        <EnableIntro requiredForRole={data?.requiredForRole === true} ready={data !== undefined} busy={setup.isPending} onEnable={() => setup.mutate(undefined, { onSuccess: setPending })} />
      )}
    </section>
  );
}

/** Shown once, right after turning it on: the ten recovery codes, with a copy button. */
function RecoveryCodes({ codes, onCopy, onDone }: { codes: string[]; onCopy: (text: string) => void; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="two-factor-recovery">
      <p className="two-factor-ok" role="status">
        {t('twoFactor.enabled')}
      </p>
      <h3 className="two-factor-subtitle">{t('twoFactor.recoveryTitle')}</h3>
      <p className="form-hint">{t('twoFactor.recoveryHint')}</p>
      <ol className="two-factor-codes" data-testid="recovery-codes">
        {codes.map((item) => (
          <li key={item}>
            <code>{item}</code>
          </li>
        ))}
      </ol>
      <div className="two-factor-actions">
        <Button size="small" onClick={() => onCopy(codes.join('\n'))}>
          {t('twoFactor.copyCodes')}
        </Button>
        <Button size="small" color="primary" onClick={onDone}>
          {t('twoFactor.done')}
        </Button>
      </div>
    </div>
  );
}

interface SetupFormProps {
  setup: TwoFactorSetup;
  codeField: ReactNode;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
  onCopy: (text: string) => void;
}

/** Turning it on: the QR code of the otpauth URI, the key as text, and a first code to confirm. */
function SetupForm({ setup, codeField, busy, onSubmit, onCopy }: SetupFormProps) {
  const { t } = useTranslation();
  return (
    <form onSubmit={onSubmit} noValidate>
      <p className="form-hint">{t('twoFactor.scan')}</p>
      <div className="two-factor-qr">
        <QrCode value={setup.otpauthUri} label={t('twoFactor.qr')} size={180} />
      </div>
      <div className="two-factor-secret">
        <span className="field-label">{t('twoFactor.secret')}</span>
        <code data-testid="totp-secret" data-secret={setup.secret}>
          {grouped(setup.secret)}
        </code>
        <Button size="mini" onClick={() => onCopy(setup.secret)}>
          {t('twoFactor.copySecret')}
        </Button>
      </div>
      {codeField}
      <Button type="submit" color="primary" block loading={busy}>
        {t('twoFactor.confirm')}
      </Button>
    </form>
  );
}

/** Off: what it is (and that an admin must turn it on), and the button that starts it. */
function EnableIntro({ requiredForRole, ready, busy, onEnable }: { requiredForRole: boolean; ready: boolean; busy: boolean; onEnable: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      {requiredForRole ? (
        <p className="two-factor-warning" role="alert">
          {t('twoFactor.requiredForAdmin')}
        </p>
      ) : null}
      <p className="form-hint">{t('twoFactor.intro')}</p>
      <Button block color="primary" loading={busy} disabled={!ready} onClick={onEnable}>
        {t('twoFactor.enable')}
      </Button>
    </>
  );
}
