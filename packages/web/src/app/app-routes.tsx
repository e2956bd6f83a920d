import { useMemo } from 'react';
import { matchRoutes, useLocation, useRoutes } from '../lib/router/router';
import { RouteHandlesContext, isRouteHandle } from './page-title';
import { appRoutes } from './routes';

/**
 * The route table rendered in whichever router holds it: the hash router of the app, a static one on
 * the server, a memory router in tests: the app's own small router (lib/router), not React Router,
 * whose code was 13.6 KB gzip of Home's first paint (issue 23).
 */
export function AppRoutes() {
  const location = useLocation();
  const handles = useMemo(
    () => (matchRoutes(appRoutes, location) ?? []).map((match) => match.route.handle).filter(isRouteHandle),
    [location],
  );
  const element = useRoutes(appRoutes, location);
  return <RouteHandlesContext value={handles}>{element}</RouteHandlesContext>;
}
