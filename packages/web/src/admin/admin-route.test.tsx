import { screen } from '@testing-library/react';
import { matchRoutes } from '../lib/router/router';
import { describe, expect, it } from 'vitest';
import { appRoutes } from '../app/routes';
import { installFakeFetch } from '../test/fake-fetch';
import { renderApp } from '../test/render-app';

describe('the #/admin route', () => {
  it('sends every /admin path to the back office, not to the app’s not-found page', () => {
    for (const path of ['/admin', '/admin/deposits', '/admin/users/7']) {
      expect(matchRoutes(appRoutes, path)?.at(-1)?.route.path).toBe('/admin/*');
    }
    expect(matchRoutes(appRoutes, '/administration')?.at(-1)?.route.path).toBe('*');
  });

  it('loads the back office chunk lazily in the real app', { timeout: 20_000 }, async () => {
    installFakeFetch();
    renderApp('/admin');
    // The first import of the chunk is transformed on demand, which can take a few seconds here.
    expect(await screen.findByRole('heading', { name: 'Admins only' }, { timeout: 15_000 })).toBeTruthy();
  });
});
