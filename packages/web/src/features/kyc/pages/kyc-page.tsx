import '../kyc.css';
import { type KycApplication, KycStatus } from '@tradewind/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from '../../../lib/router/router';
import { DelayedLoading } from '../../../components/delayed-loading';
import { CheckIcon, CloseIcon, HourglassIcon, IdCardIcon } from '../../../components/icons/icons';
import { LoadError } from '../../../components/load-error';
import { DateFormat, formatDate } from '../../../lib/format-date';
import { useUserInfo, userInfoQueryKey } from '../../../api/session/get-user-info';
import { useApplyBlockTrade } from '../api/apply-block-trade';
import { useApplyTradePermission } from '../api/apply-trade-permission';
import { useKycInfo } from '../api/get-kyc-info';
import { DocumentChoice } from '../components/document-choice';
import { PermissionRow } from '../components/permission-row';
import { useKycTranslation } from '../i18n/use-kyc-translation';
import { kycPaths } from '../utils/routes';

function ApplicationFacts({ application }: { application: KycApplication }) {
  const { t } = useKycTranslation();
  return (
    <dl className="kyc-facts">
      <div>
        <dt>{t('facts.name')}</dt>
        <dd>
          {application.firstName} {application.lastName}
        </dd>
      </div>
      <div>
        <dt>{t('facts.document')}</dt>
        <dd>{application.documentType === 'idcard' ? t('start.idCard') : t('start.passport')}</dd>
      </div>
      <div>
        <dt>{t('facts.submitted')}</dt>
        <dd>{formatDate(application.createTimeTimestamp, DateFormat.dateTime)}</dd>
      </div>
    </dl>
  );
}

function StatusCard({ status, application }: { status: KycStatus; application: KycApplication | null }) {
  const { t } = useKycTranslation();
  switch (status) {
    case KycStatus.None:
      return (
        <section className="kyc-status kyc-status-none" aria-labelledby="kyc-status-title">
          <span className="kyc-status-icon" aria-hidden="true">
            <IdCardIcon />
          </span>
          <h2 id="kyc-status-title" className="kyc-status-title">
            {t('status.noneTitle')}
          </h2>
          <p className="kyc-status-text">{t('status.noneText')}</p>
        </section>
      );
    case KycStatus.Pending:
      return (
        <section className="kyc-status kyc-status-pending" aria-labelledby="kyc-status-title">
          <span className="kyc-status-icon" aria-hidden="true">
            <HourglassIcon />
          </span>
          <h2 id="kyc-status-title" className="kyc-status-title">
            {t('status.pendingTitle')}
          </h2>
          <p className="kyc-status-text">{t('status.pendingText')}</p>
          {application ? <ApplicationFacts application={application} /> : null}
          <Link className="kyc-status-link" to={kycPaths.inbox}>
            {t('status.openInbox')}
          </Link>
        </section>
      );
    case KycStatus.Failed:
      return (
        <section className="kyc-status kyc-status-failed" aria-labelledby="kyc-status-title">
          <span className="kyc-status-icon" aria-hidden="true">
            <CloseIcon />
          </span>
          <h2 id="kyc-status-title" className="kyc-status-title">
            {t('status.failedTitle')}
          </h2>
          <p className="kyc-reason" data-testid="kyc-reason">
            {t('status.reason', { reason: application?.reason || t('status.noReason') })}
          </p>
          <p className="kyc-status-text">{t('status.failedText')}</p>
        </section>
      );
    case KycStatus.Verified:
      return (
        <section className="kyc-status kyc-status-verified" aria-labelledby="kyc-status-title">
          <span className="kyc-status-icon" aria-hidden="true">
            <CheckIcon />
          </span>
          <h2 id="kyc-status-title" className="kyc-status-title">
            {t('status.verifiedTitle')}
          </h2>
          <p className="kyc-status-text">{t('status.verifiedText')}</p>
          {application ? <ApplicationFacts application={application} /> : null}
        </section>
      );
  }
}

function Permissions({ tradePermission, blockTradePermission }: { tradePermission: number; blockTradePermission: number }) {
  const { t } = useKycTranslation();
  const trading = useApplyTradePermission();
  const blockTrade = useApplyBlockTrade();
  return (
    <>
      <h2 className="section-title">{t('permissions.title')}</h2>
      <div className="section">
        <ul className="card kyc-permissions" aria-label={t('permissions.title')}>
          <PermissionRow
            title={t('permissions.trading')}
            description={t('permissions.tradingText')}
            status={tradePermission}
            busy={trading.isPending}
            onApply={(done) => trading.mutate(undefined, { onSuccess: (answer) => done(answer.tradePermission) })}
          />
          <PermissionRow
            title={t('permissions.blockTrade')}
            description={t('permissions.blockTradeText')}
            status={blockTradePermission}
            busy={blockTrade.isPending}
            onApply={(done) => blockTrade.mutate(undefined, { onSuccess: (answer) => done(answer.status) })}
          />
        </ul>
      </div>
    </>
  );
}

/**
 * SPEC §2 `/pages/kycverify/index` and §4: no verification yet → choose a document; under review (up
 * to 24 hours, the verdict goes to the inbox); failed with its reason and a retry; verified. Below,
 * the trading and block-trading permissions with Apply.
 */
export function KycPage() {
  const { t } = useKycTranslation();
  const queryClient = useQueryClient();
  const user = useUserInfo();
  const info = useKycInfo();

  // Staff may have decided since the stored user was read: read it again on every visit.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: userInfoQueryKey });
  }, [queryClient]);

  if (!user.data) return user.isError ? <LoadError onRetry={() => void user.refetch()} /> : <DelayedLoading />;
  const status = user.data.kycStatus;
  const application = info.data ?? null;
  const canStart = status === KycStatus.None || status === KycStatus.Failed;

  return (
    <div className="kyc-page">
      <div className="section">
        <StatusCard status={status} application={application} />
      </div>
      {canStart ? (
        <>
          <h2 className="section-title">{status === KycStatus.Failed ? t('start.retry') : t('start.choose')}</h2>
          <div className="section">
            <DocumentChoice />
          </div>
          <div className="section">
            <p className="kyc-note">{t('start.reviewTime')}</p>
          </div>
        </>
      ) : null}
      <Permissions tradePermission={user.data.tradePermission} blockTradePermission={user.data.blockTradePermission} />
    </div>
  );
}
