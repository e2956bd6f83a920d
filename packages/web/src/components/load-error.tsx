import { useTranslation } from 'react-i18next';

/** A failed load in place of the content, with the way out being another try. */
export function LoadError({ message, onRetry }: { message?: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="page-status" role="alert">
      <p className="page-status-text">{message ?? t('common.loadFailed')}</p>
      <button type="button" className="text-button" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
