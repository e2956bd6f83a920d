import { TextField } from '../../../components/form/text-field';
import { useFundingTranslation } from '../i18n/use-funding-translation';
import { type BankFields as Fields, type MethodProblem, TEXT_MAX } from '../utils/payment-method';

interface BankFieldsProps {
  values: Fields;
  errors: Partial<Record<keyof Fields, MethodProblem>>;
  onChange: (field: keyof Fields, value: string) => void;
  /** On edit the saved number is masked, so it must be typed again; this says which one it was. */
  cardNumberHint?: string | undefined;
}

/** Bank name, account holder and card number (SPEC §3 bank card labels). */
export function BankFields({ values, errors, onChange, cardNumberHint }: BankFieldsProps) {
  const { t } = useFundingTranslation();
  const error = (field: keyof Fields) => (errors[field] ? t(`validation.${errors[field]}`) : undefined);
  return (
    <>
      <TextField
        label={t('methods.bankName')}
        name="bankName"
        autoComplete="off"
        maxLength={TEXT_MAX}
        placeholder={t('methods.bankNamePlaceholder')}
        value={values.bankName}
        onChange={(value) => onChange('bankName', value)}
        error={error('bankName')}
      />
      <TextField
        label={t('methods.accountName')}
        name="accountName"
        autoComplete="name"
        maxLength={TEXT_MAX}
        placeholder={t('methods.accountNamePlaceholder')}
        value={values.accountName}
        onChange={(value) => onChange('accountName', value)}
        error={error('accountName')}
      />
      <TextField
        label={t('methods.cardNumber')}
        name="cardNumber"
        autoComplete="off"
        inputMode="text"
        maxLength={34}
        placeholder={t('methods.cardNumberPlaceholder')}
        value={values.cardNumber}
        onChange={(value) => onChange('cardNumber', value)}
        error={error('cardNumber')}
      />
      {cardNumberHint ? <p className="form-hint fd-hint-tight">{cardNumberHint}</p> : null}
    </>
  );
}
