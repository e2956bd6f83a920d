import { type ReactNode, useState } from 'react';
import { Navigate, useLocation } from '../lib/router/router';
import { paths } from '../lib/paths';
import { useSession } from '../lib/session/use-session';

/** Pages that show or move the user's own data: without a session, go to login. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { token } = useSession();
  const location = useLocation();
  if (!token) return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  return children;
}

/**
 * Login, register and reset make no sense with a session: arriving logged in goes to the account tab.
 * Only the state on arrival counts, so a page that has just logged the user in picks where to go.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { token } = useSession();
  const [loggedInOnArrival] = useState(token !== null);
  if (loggedInOnArrival) return <Navigate to={paths.account} replace />;
  return children;
}
