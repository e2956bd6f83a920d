import type { Page } from '@tradewind/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useAdminTranslation } from '../i18n/use-admin-translation';
import type { useQueueSearch } from '../lib/use-queue-search';
import { type Column, DataTable } from './data-table';
import { Modal } from './modal';
import { PageHeader } from './page-header';
import { Pager } from './pager';
import { QueryView } from './query-view';
import { StatusFilter } from './status-filter';

export interface QueuePageProps<T extends { id: number }> {
  title: string;
  search: ReturnType<typeof useQueueSearch>;
  query: UseQueryResult<Page<T>>;
  columns: readonly Column<T>[];
  /** The name of a record: row label and detail title ("Deposit #12"). */
  recordTitle: (row: T) => string;
  detail: (row: T, close: () => void) => ReactNode;
}

/** A review queue: status filter, the page of records, paging, and the open record in a side panel. */
export function QueuePage<T extends { id: number }>({ title, search, query, columns, recordTitle, detail }: QueuePageProps<T>) {
  const { t } = useAdminTranslation();
  const open = query.data?.list.find((row) => row.id === search.selected);
  const close = () => search.select(null);
  return (
    <section className="bo-page">
      <PageHeader
        title={title}
        actions={
          <button type="button" className="bo-button bo-button-small" onClick={() => void query.refetch()} disabled={query.isFetching}>
            {t('common.refresh')}
          </button>
        }
      />
      <div className="bo-toolbar">
        <StatusFilter value={search.status} onChange={search.setStatus} />
      </div>
      <QueryView query={query}>
        {(page) => (
          <div className="bo-card bo-card-flush" aria-busy={query.isFetching}>
            <DataTable
              caption={title}
              rows={page.list}
              columns={columns}
              rowKey={(row) => row.id}
              onOpen={(row) => search.select(row.id)}
              rowLabel={recordTitle}
              selectedKey={search.selected}
              empty={t('common.empty')}
            />
            {page.total > page.pageSize ? <Pager pageNum={page.pageNum} pageSize={page.pageSize} total={page.total} onChange={search.setPage} /> : null}
          </div>
        )}
      </QueryView>
      {open ? (
        <Modal variant="drawer" title={recordTitle(open)} onClose={close}>
          {detail(open, close)}
        </Modal>
      ) : null}
    </section>
  );
}
