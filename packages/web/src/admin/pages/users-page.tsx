import { useEffect, useId, useState } from 'react';
import { useNavigate, useSearchParams } from '../../lib/router/router';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { type AdminUser, useUsers } from '../api/get-users';
import { type Column, DataTable } from '../components/data-table';
import { PageHeader } from '../components/page-header';
import { Pager } from '../components/pager';
import { QueryView } from '../components/query-view';
import { StatusBadge } from '../components/status-badge';
import { type AdminT, useAdminTranslation } from '../i18n/use-admin-translation';
import { adminPaths } from '../lib/admin-paths';
import { formatDateTime } from '../lib/format';
import { kycStatusLabel, permissionStatusLabel } from '../lib/review-status';

const PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;

function columns(t: AdminT): Column<AdminUser>[] {
  return [
    { key: 'id', header: t('common.id'), render: (row) => `#${row.id}` },
    {
      key: 'email',
      header: t('users.email'),
      kind: 'wide',
      render: (row) => (
        <span className="bo-stack">
          <span>{row.email}</span>
          {row.name ? <span className="bo-muted">{row.name}</span> : null}
        </span>
      ),
    },
    { key: 'role', header: t('users.role'), render: (row) => (row.role === 'admin' ? <StatusBadge tone="neutral">{t('users.roleAdmin')}</StatusBadge> : t('users.roleUser')) },
    {
      key: 'kyc',
      header: t('users.kyc'),
      render: (row) => {
        const { key, tone } = kycStatusLabel(row.kycStatus);
        return <StatusBadge tone={tone}>{t(key)}</StatusBadge>;
      },
    },
    { key: 'trading', header: t('users.trading'), render: (row) => t(permissionStatusLabel(row.tradePermission).key) },
    { key: 'blockTrade', header: t('users.blockTrade'), render: (row) => t(permissionStatusLabel(row.blockTradePermission).key) },
    {
      key: 'account',
      header: t('users.account'),
      render: (row) => (row.blocked ? <StatusBadge tone="bad">{t('users.blocked')}</StatusBadge> : <StatusBadge tone="good">{t('users.active')}</StatusBadge>),
    },
    { key: 'joined', header: t('users.joined'), render: (row) => formatDateTime(row.createTimeTimestamp) },
  ];
}

/** Every account, newest first; search by e-mail or name; a row opens the user. */
export function UsersPage() {
  const { t } = useAdminTranslation();
  const navigate = useNavigate();
  const searchId = useId();
  const [params, setParams] = useSearchParams();
  const keyword = params.get('q') ?? '';
  const pageNum = Math.max(1, Number(params.get('page')) || 1);
  const [typed, setTyped] = useState(keyword);
  const settled = useDebouncedValue(typed.trim(), SEARCH_DELAY_MS);

  useEffect(() => {
    if (settled === keyword) return;
    setParams(settled ? { q: settled } : {}, { replace: true });
  }, [settled, keyword, setParams]);

  const query = useUsers({ keyword: keyword || undefined, pageNum, pageSize: PAGE_SIZE });

  return (
    <section className="bo-page">
      <PageHeader title={t('users.title')} />
      <div className="bo-toolbar">
        <div className="bo-search">
          <label className="bo-label" htmlFor={searchId}>
            {t('users.searchLabel')}
          </label>
          <input
            id={searchId}
            className="bo-input"
            type="search"
            value={typed}
            placeholder={t('users.searchPlaceholder')}
            autoComplete="off"
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
      </div>
      <QueryView query={query}>
        {(page) => (
          <div className="bo-card bo-card-flush" aria-busy={query.isFetching}>
            <DataTable
              caption={t('users.title')}
              rows={page.list}
              columns={columns(t)}
              rowKey={(row) => row.id}
              rowLabel={(row) => row.email}
              onOpen={(row) => void navigate(adminPaths.user(row.id))}
              empty={t('users.empty')}
            />
            {page.total > page.pageSize ? (
              <Pager
                pageNum={page.pageNum}
                pageSize={page.pageSize}
                total={page.total}
                onChange={(next) => setParams(keyword ? { q: keyword, page: String(next) } : { page: String(next) })}
              />
            ) : null}
          </div>
        )}
      </QueryView>
    </section>
  );
}
