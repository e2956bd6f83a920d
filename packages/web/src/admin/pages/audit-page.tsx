import { useSearchParams } from '../../lib/router/router';
import { useAuditLog } from '../api/get-audit-log';
import { AuditActor } from '../components/audit-actor';
import { AuditChange } from '../components/audit-change';
import { DataTable } from '../components/data-table';
import { PageHeader } from '../components/page-header';
import { Pager } from '../components/pager';
import { QueryView } from '../components/query-view';
import { useAdminTranslation } from '../i18n/use-admin-translation';
import { formatDateTime } from '../lib/format';

const PAGE_SIZE = 25;

/** The append-only audit log: who did what to whom, from where, and what changed. */
export function AuditPage() {
  const { t } = useAdminTranslation();
  const [params, setParams] = useSearchParams();
  const pageNum = Math.max(1, Number(params.get('page')) || 1);
  const query = useAuditLog({ pageNum, pageSize: PAGE_SIZE });
  return (
    <section className="bo-page">
      <PageHeader
        title={t('audit.title')}
        subtitle={t('audit.subtitle')}
        actions={
          <button type="button" className="bo-button bo-button-small" onClick={() => void query.refetch()} disabled={query.isFetching}>
            {t('common.refresh')}
          </button>
        }
      />
      <QueryView query={query}>
        {(page) => (
          <div className="bo-card bo-card-flush" aria-busy={query.isFetching}>
            <DataTable
              caption={t('audit.title')}
              rows={page.list}
              rowKey={(row) => row.id}
              empty={t('audit.empty')}
              columns={[
                {
                  key: 'time',
                  header: t('common.time'),
                  render: (row) => (
                    <span className="bo-stack">
                      <span>{formatDateTime(row.createTimeTimestamp)}</span>
                      <code className="bo-muted" title={t('audit.ip')}>
                        {row.ip}
                      </code>
                    </span>
                  ),
                },
                { key: 'actor', header: t('audit.actor'), render: (row) => <AuditActor id={row.actorUserId} /> },
                { key: 'action', header: t('audit.action'), render: (row) => <code className="bo-code">{row.action}</code> },
                { key: 'subject', header: t('audit.subject'), render: (row) => <span className="bo-break">{row.subject}</span>, kind: 'wrap' },
                { key: 'change', header: t('audit.change'), render: (row) => <AuditChange action={row.action} detail={row.detail} />, kind: 'wide' },
              ]}
            />
            {page.total > page.pageSize ? (
              <Pager pageNum={page.pageNum} pageSize={page.pageSize} total={page.total} onChange={(next) => setParams(next === 1 ? {} : { page: String(next) })} />
            ) : null}
          </div>
        )}
      </QueryView>
    </section>
  );
}
