import { useState } from 'react';
import { RouterProvider, createHashRouter } from 'react-router';
import { AppProviders } from './providers';
import { seedFirstData } from './first-data';
import { createQueryClient } from './query-client';
import { appRoutes } from './routes';

/** Hash routing (SPEC §2) keeps every route working from a static file server, no rewrites needed. */
export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    seedFirstData(client);
    return client;
  });
  const [router] = useState(() => createHashRouter(appRoutes));
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
