import { useAdminTranslation } from '../i18n/use-admin-translation';
import type { QueueStatus } from '../lib/use-queue-search';

const options: readonly { value: QueueStatus; key: 'status.pending' | 'status.failed' | 'status.passed' | 'status.all' }[] = [
  { value: 1, key: 'status.pending' },
  { value: 3, key: 'status.passed' },
  { value: 2, key: 'status.failed' },
  { value: 'all', key: 'status.all' },
];

/** The review-status filter of a queue: pending first, since that is the work. */
export function StatusFilter({ value, onChange }: { value: QueueStatus; onChange: (value: QueueStatus) => void }) {
  const { t } = useAdminTranslation();
  return (
    <div className="bo-segmented" role="group" aria-label={t('status.filter')}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className="bo-segment"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
        >
          {t(option.key)}
        </button>
      ))}
    </div>
  );
}
