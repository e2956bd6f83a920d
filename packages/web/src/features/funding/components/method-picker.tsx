import type { PaymentMethod } from '@tradewind/contract';
import { Link } from '../../../lib/router/router';
import { CardIcon, CheckIcon } from '../../../components/icons/icons';
import { useFundingTranslation } from '../i18n/use-funding-translation';
import { shortAddress } from '../utils/payment-method';
import { fundingPaths } from '../utils/routes';

interface MethodPickerProps {
  kind: PaymentMethod['kind'];
  methods: PaymentMethod[];
  value: number | null;
  onChange: (id: number) => void;
  /** Already translated ("Please choose a bank card"). */
  error?: string | undefined;
}

/** The saved bank cards or wallets as a radio group; none saved yet leads to adding one. */
export function MethodPicker({ kind, methods, value, onChange, error }: MethodPickerProps) {
  const { t } = useFundingTranslation();
  const title = kind === 'bank' ? t('withdraw.chooseCard') : t('withdraw.chooseWallet');
  const addTo = kind === 'bank' ? fundingPaths.bankCardEdit : fundingPaths.walletEdit;

  return (
    <section className="card fd-form-card" aria-label={title}>
      <div className="fd-card-head">
        <h2 className="fd-card-title">{title}</h2>
        <Link className="fd-link-button" to={fundingPaths.methods}>
          {t('withdraw.manage')}
        </Link>
      </div>
      {methods.length === 0 ? (
        <div className="fd-picker-empty">
          <p>{kind === 'bank' ? t('withdraw.noCards') : t('withdraw.noWallets')}</p>
          <Link className="text-button" to={addTo}>
            {kind === 'bank' ? t('methods.addCard') : t('methods.addWallet')}
          </Link>
        </div>
      ) : (
        <div className="fd-picker" role="radiogroup" aria-label={title} aria-invalid={error ? true : undefined}>
          {methods.map((method) => {
            const checked = method.id === value;
            const name = method.kind === 'bank' ? (method.bankName ?? '') : `${method.currencyType ?? ''} · ${method.network ?? ''}`;
            const detail = method.kind === 'bank' ? `${method.accountName ?? ''} · ${method.cardNumber ?? ''}` : shortAddress(method.address);
            return (
              <button
                key={method.id}
                type="button"
                role="radio"
                aria-checked={checked}
                aria-label={`${name} ${detail}`}
                className={checked ? 'fd-option fd-option-checked' : 'fd-option'}
                onClick={() => onChange(method.id)}
              >
                <span className={`fd-option-icon fd-option-icon-${method.kind}`} aria-hidden="true">
                  {method.kind === 'bank' ? <CardIcon /> : (method.currencyType ?? '?').slice(0, 1)}
                </span>
                <span className="fd-option-text">
                  <span className="fd-option-name">{name}</span>
                  <span className="fd-option-detail fd-mono">{detail}</span>
                </span>
                <span className="fd-option-check" aria-hidden="true">
                  {checked ? <CheckIcon /> : null}
                </span>
              </button>
            );
          })}
          <Link className="fd-option-add" to={addTo}>
            + {kind === 'bank' ? t('methods.addCard') : t('methods.addWallet')}
          </Link>
        </div>
      )}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
