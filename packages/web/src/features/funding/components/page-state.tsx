import { DelayedLoading } from '../../../components/delayed-loading';
import { LoadError } from '../../../components/load-error';

interface QueryLike {
  isError: boolean;
  data: unknown;
  refetch: () => unknown;
}

/** Loading or failed in place of the page's content; null once there is data to show. */
export function PageState({ query }: { query: QueryLike }) {
  if (query.data !== undefined) return null;
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  return <DelayedLoading />;
}
