import { useId, useState } from 'react';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { useOutbox } from '../api/get-outbox';
import { DataTable } from '../components/data-table';
import { PageHeader } from '../components/page-header';
import { QueryView } from '../components/query-view';
import { useAdminTranslation } from '../i18n/use-admin-translation';
import { formatDateTime } from '../lib/format';

const LIMITS = [50, 100, 200, 500] as const;

/** E-mails the server sent (verification codes included when no SMTP server is configured). */
export function OutboxPage() {
  const { t } = useAdminTranslation();
  const id = useId();
  const [to, setTo] = useState('');
  const [limit, setLimit] = useState<number>(LIMITS[0]);
  const recipient = useDebouncedValue(to.trim(), 300);
  const query = useOutbox({ to: recipient || undefined, limit });
  return (
    <section className="bo-page">
      <PageHeader title={t('outbox.title')} subtitle={t('outbox.subtitle')} />
      <div className="bo-toolbar">
        <div className="bo-search">
          <label className="bo-label" htmlFor={`${id}-to`}>
            {t('outbox.toLabel')}
          </label>
          <input id={`${id}-to`} className="bo-input" type="search" value={to} placeholder={t('outbox.toPlaceholder')} onChange={(event) => setTo(event.target.value)} />
        </div>
        <div className="bo-field bo-field-inline">
          <label className="bo-label" htmlFor={`${id}-limit`}>
            {t('outbox.limitLabel')}
          </label>
          <select id={`${id}-limit`} className="bo-input" value={limit} onChange={(event) => setLimit(Number(event.target.value))}>
            {LIMITS.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </div>
      </div>
      <QueryView query={query}>
        {(messages) => (
          <div className="bo-card bo-card-flush" aria-busy={query.isFetching}>
            <DataTable
              caption={t('outbox.title')}
              rows={messages}
              rowKey={(row) => row.id}
              empty={t('outbox.empty')}
              columns={[
                { key: 'time', header: t('common.time'), render: (row) => formatDateTime(row.createTimeTimestamp) },
                { key: 'to', header: t('outbox.to'), render: (row) => <span className="bo-break">{row.to}</span> },
                {
                  key: 'subject',
                  header: t('outbox.subject'),
                  kind: 'wide',
                  render: (row) => (
                    <details className="bo-details">
                      <summary>{row.subject}</summary>
                      <p className="bo-mail-body">{row.body}</p>
                    </details>
                  ),
                },
                { key: 'code', header: t('outbox.code'), render: (row) => (row.code ? <code className="bo-code">{row.code}</code> : t('common.none')) },
              ]}
            />
          </div>
        )}
      </QueryView>
    </section>
  );
}
