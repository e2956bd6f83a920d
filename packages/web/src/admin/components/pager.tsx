import { useAdminTranslation } from '../i18n/use-admin-translation';

/** Previous / next over a server page, with where we are and how many there are. */
export function Pager({ pageNum, pageSize, total, onChange }: { pageNum: number; pageSize: number; total: number; onChange: (page: number) => void }) {
  const { t } = useAdminTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="bo-pager" aria-label={t('common.pagination')}>
      <span className="bo-pager-total">{t('common.total', { count: total })}</span>
      <span className="bo-pager-controls">
        <button type="button" className="bo-button bo-button-small" disabled={pageNum <= 1} onClick={() => onChange(pageNum - 1)}>
          {t('common.previous')}
        </button>
        <span className="bo-pager-page">{t('common.pageOf', { page: pageNum, pages })}</span>
        <button type="button" className="bo-button bo-button-small" disabled={pageNum >= pages} onClick={() => onChange(pageNum + 1)}>
          {t('common.next')}
        </button>
      </span>
    </nav>
  );
}
