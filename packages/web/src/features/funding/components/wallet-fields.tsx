import type { CryptoNetwork } from '@tradewind/contract';
import { TextField } from '../../../components/form/text-field';
import { SegmentedControl } from '../../../components/segmented-control';
import { useFundingTranslation } from '../i18n/use-funding-translation';
import { type CryptoCurrency, type MethodProblem, type WalletFields as Fields, cryptoCurrencies, isCryptoCurrency, networksOf } from '../utils/payment-method';

interface WalletFieldsProps {
  values: Fields;
  errors: Partial<Record<keyof Fields, MethodProblem>>;
  onChange: (values: Fields, changed: keyof Fields) => void;
}

const placeholderKey = {
  TRC20: 'methods.addressTrc20',
  ERC20: 'methods.addressErc20',
  BTC: 'methods.addressBtc',
} as const;

/** Currency, network (only those the currency travels on) and the address in that network's format. */
export function WalletFields({ values, errors, onChange }: WalletFieldsProps) {
  const { t } = useFundingTranslation();
  const currency: CryptoCurrency = isCryptoCurrency(values.currencyType) ? values.currencyType : 'USDT';
  const networks = networksOf[currency];
  const network = (networks as readonly string[]).includes(values.network) ? (values.network as CryptoNetwork) : (networks[0] ?? 'TRC20');

  return (
    <>
      <div className="field">
        <span className="field-label">{t('methods.currency')}</span>
        <SegmentedControl<CryptoCurrency>
          label={t('methods.currency')}
          value={currency}
          onChange={(next) => onChange({ ...values, currencyType: next, network: networksOf[next][0] ?? 'TRC20' }, 'currencyType')}
          options={cryptoCurrencies.map((code) => ({ value: code, label: code }))}
        />
        {errors.currencyType ? (
          <p className="field-error" role="alert">
            {t(`validation.${errors.currencyType}`)}
          </p>
        ) : null}
      </div>
      <div className="field">
        <span className="field-label">{t('methods.network')}</span>
        <SegmentedControl<CryptoNetwork>
          label={t('methods.network')}
          value={network}
          onChange={(next) => onChange({ ...values, currencyType: currency, network: next }, 'network')}
          options={networks.map((code) => ({ value: code, label: code }))}
        />
      </div>
      <TextField
        label={t('methods.address')}
        name="address"
        autoComplete="off"
        maxLength={100}
        placeholder={t(placeholderKey[network])}
        value={values.address}
        onChange={(value) => onChange({ ...values, currencyType: currency, network, address: value.trim() }, 'address')}
        error={errors.address ? t(`validation.${errors.address}`, { network }) : undefined}
      />
      <p className="fd-warning">{t('methods.networkWarning', { network })}</p>
    </>
  );
}
