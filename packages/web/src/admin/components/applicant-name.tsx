import type { Applicant } from '@tradewind/contract';
import { useAdminTranslation } from '../i18n/use-admin-translation';

/** Who a queued record belongs to: e-mail and name (queues showed only "User #2"), the id as a fallback. */
export function ApplicantName({ userId, applicant }: { userId: number; applicant?: Applicant | undefined }) {
  const { t } = useAdminTranslation();
  if (!applicant) return <>{t('common.userNo', { id: userId })}</>;
  return (
    <span className="bo-applicant">
      <span className="bo-break">{applicant.email}</span>
      <span className="bo-hint"> · {applicant.name || t('desk.noName')}</span>
    </span>
  );
}
