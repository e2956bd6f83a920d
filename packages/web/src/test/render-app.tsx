import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from '../lib/router/router';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { AppRoutes } from '../app/app-routes';

/** The whole app (real routes, providers and pages) in a memory router starting at `path`. */
export function renderApp(path: string) {
  // The memory router only keeps the history the tests read and drive; AppRoutes matches, as in the app.
  const router = createMemoryRouter([{ path: '*', element: <AppRoutes /> }], { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
