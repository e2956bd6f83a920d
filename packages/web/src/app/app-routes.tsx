import { useMemo } from 'react';
import { matchRoutes, useLocation, useRoutes } from 'react-router';
import { RouteHandlesContext, isRouteHandle } from './page-title';
import { appRoutes } from './routes';

/**
 * The route table rendered in whichever router holds it: the hash router of the app, a static one on
 * the server, a memory router in tests. A plain (not data) router, so Home's first paint does not
 * carry react-router's data layer (loaders, actions, fetchers), which the app does not use (issue 23).
 */
export function AppRoutes() {
  const location = useLocation();
  const handles = useMemo(
    () => (matchRoutes(appRoutes, location) ?? []).map((match) => match.route.handle as unknown).filter(isRouteHandle),
    [location],
  );
  const element = useRoutes(appRoutes, location);
  return <RouteHandlesContext value={handles}>{element}</RouteHandlesContext>;
}
