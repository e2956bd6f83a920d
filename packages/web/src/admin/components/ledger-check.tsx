import { useQueryClient } from '@tanstack/react-query';
import { useLedgerAudit } from '../api/check-ledger';
import { adminKeys } from '../api/query-keys';
import { useAdminTranslation } from '../i18n/use-admin-translation';
import { formatDateTime, formatNumberPlain } from '../lib/format';
import { FieldList } from './field-list';

/** "Check the ledger": the server scans every entry, balance and hold and says whether DESIGN §4 holds. */
export function LedgerCheck() {
  const { t } = useAdminTranslation();
  const queryClient = useQueryClient();
  const audit = useLedgerAudit();
  const report = audit.data;
  const run = async () => {
    await audit.refetch();
    await queryClient.invalidateQueries({ queryKey: adminKeys.audit });
  };

  return (
    <section className="bo-card" aria-labelledby="bo-ledger-title">
      <header className="bo-card-header">
        <h2 id="bo-ledger-title" className="bo-section-title">
          {t('ledger.title')}
        </h2>
        <button type="button" className="bo-button" onClick={() => void run()} disabled={audit.isFetching}>
          {audit.isFetching ? t('ledger.checking') : t('ledger.check')}
        </button>
      </header>
      <p className="bo-muted">{t('ledger.explain')}</p>
      {audit.isError && (
        <p role="alert" className="bo-form-error">
          {audit.error.message || t('common.loadFailed')}
        </p>
      )}
      {report && (
        <div aria-live="polite">
          <p className={report.sound ? 'bo-ledger-verdict' : 'bo-ledger-verdict bo-ledger-broken'} role="status">
            {report.sound ? t('ledger.sound') : t('ledger.broken')} · {formatDateTime(report.checkedAtTimestamp / 1000)}
          </p>
          <FieldList
            items={[
              [t('ledger.unbalancedEntries'), formatNumberPlain(report.unbalancedEntries)],
              [t('ledger.accountsOffTheirPostings'), formatNumberPlain(report.accountsOffTheirPostings)],
              [t('ledger.negativeUserAccounts'), formatNumberPlain(report.negativeUserAccounts)],
              [t('ledger.frozenNotMatchingHolds'), formatNumberPlain(report.frozenNotMatchingHolds)],
              ...Object.entries(report.totalsByCurrency).map(([currency, total]) => [t('ledger.total', { currency }), formatNumberPlain(total)] as const),
            ]}
          />
        </div>
      )}
    </section>
  );
}
