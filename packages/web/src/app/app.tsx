import { useState } from 'react';
import { HashRouter } from '../lib/router/router';
import { AppRoutes } from './app-routes';
import { AppProviders } from './providers';
import { seedFirstData } from './first-data';
import { createQueryClient } from './query-client';

/** Hash routing (SPEC §2) keeps every route working from a static file server, no rewrites needed. */
export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    seedFirstData(client);
    return client;
  });
  return (
    <AppProviders queryClient={queryClient}>
      <HashRouter>
        <AppRoutes />
      </HashRouter>
    </AppProviders>
  );
}
