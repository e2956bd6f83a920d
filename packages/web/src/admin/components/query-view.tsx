import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DelayedLoading } from '../../components/delayed-loading';
import { useAdminTranslation } from '../i18n/use-admin-translation';

/** A query's three faces: loading (after a short delay), the server's refusal with a retry, the data. */
export function QueryView<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t } = useAdminTranslation();
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) {
    return (
      <div className="bo-state" role="alert">
        <p>{query.error.message || t('common.loadFailed')}</p>
        <button type="button" className="bo-button" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  return <DelayedLoading />;
}
