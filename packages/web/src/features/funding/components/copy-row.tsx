import { showSuccessToast, showToast } from '../../../lib/toast';
import { useFundingTranslation } from '../i18n/use-funding-translation';
import { copyText } from '../../../lib/clipboard';

/** One receiving detail (bank, account number, address …) with a copy button named after it. */
export function CopyRow({ label, value, mono = false, testId }: { label: string; value: string; mono?: boolean; testId?: string }) {
  const { t } = useFundingTranslation();
  const onCopy = async () => {
    if (await copyText(value)) showSuccessToast(t('copy.done'));
    else showToast(t('copy.failed'));
  };
  return (
    <div className="fd-copy-row">
      <dt className="fd-copy-label">{label}</dt>
      <dd className="fd-copy-value">
        <span className={mono ? 'fd-mono' : undefined} data-testid={testId}>
          {value}
        </span>
        <button type="button" className="fd-copy-button" aria-label={t('copy.label', { label })} onClick={() => void onCopy()}>
          {t('copy.button')}
        </button>
      </dd>
    </div>
  );
}
