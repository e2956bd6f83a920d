import { render } from '@testing-library/react';
import type { User } from '@tradewind/contract';
import { RouterProvider, createMemoryRouter } from '../../lib/router/router';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../app/query-client';
import { saveSession } from '../../lib/session/session-store';
import { sampleUser } from '../../test/sample-user';
import { AdminApp } from '../admin-app';

export function sampleAdmin(overrides: Partial<User> = {}): User {
  return sampleUser({ id: 1, email: 'admin@tradewind.test', role: 'admin', ...overrides });
}

/** Signs in as `user` (an admin by default) the way the login page would. */
export function signIn(user: User = sampleAdmin(), token = 'admin-token'): User {
  saveSession({ token, user });
  return user;
}

/** The back office as the app mounts it (`/admin/*`), in a memory router starting at `path`. */
export function renderAdmin(path = '/admin') {
  const router = createMemoryRouter(
    [
      { path: '/admin/*', element: <AdminApp /> },
      { path: '*', element: <p>outside the back office</p> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
