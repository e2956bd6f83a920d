import { ReviewStatus } from '@tradewind/contract';
import { useFundingTranslation } from '../i18n/use-funding-translation';

const statusKey = {
  [ReviewStatus.Pending]: 'status.pending',
  [ReviewStatus.Failed]: 'status.failed',
  [ReviewStatus.Passed]: 'status.passed',
} as const;

const statusClass = {
  [ReviewStatus.Pending]: 'fd-badge-pending',
  [ReviewStatus.Failed]: 'fd-badge-failed',
  [ReviewStatus.Passed]: 'fd-badge-passed',
} as const;

/** SPEC §4 review status: pending review, review failed (reason shown beside it), review passed. */
export function ReviewBadge({ status }: { status: ReviewStatus }) {
  const { t } = useFundingTranslation();
  return <span className={`fd-badge ${statusClass[status]}`}>{t(statusKey[status])}</span>;
}
