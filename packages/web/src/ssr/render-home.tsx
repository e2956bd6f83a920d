import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { type Navigator, Router, createPath } from '../lib/router/router';
import { type FirstData, seedAnswers } from '../app/first-data';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { AppRoutes } from '../app/app-routes';
import { paths } from '../lib/paths';

/*
 * Home rendered on the server (issue 23; built by vite.ssr.config.ts into dist/.ssr, called by the
 * server's web-app plugin for index.html): the same tree main.tsx hydrates — StrictMode, the app's
 * providers, the route table at Home — with the query cache seeded from the same inlined answers the
 * browser seeds from, so the markup of the client's first render is this markup. A visitor in
 * English only: public/theme.js shows the splash instead when the route, the language or a session
 * would make the client's first render differ, and main.tsx then renders instead of hydrating.
 */
const cannotNavigate = () => {
  throw new Error('the server render of Home cannot navigate');
};
/** The browser's router is a hash router: its links are `#/pages/…`, and so must these be. */
const hashLinksOnly: Navigator = {
  createHref: (to) => `#${typeof to === 'string' ? to : createPath(to)}`,
  go: cannotNavigate,
  push: cannotNavigate,
  replace: cannotNavigate,
};

async function renderOnce(first: FirstData): Promise<string> {
  const queryClient = createQueryClient();
  seedAnswers(queryClient, first);
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <Router location={paths.home} navigator={hashLinksOnly} static>
          <AppRoutes />
        </Router>
      </AppProviders>
    </StrictMode>,
    // React writes a finished boundary bigger than this as a separate segment revealed by an inline
    // script (the CSP refuses it); Home's page is one boundary of ~60 KB: kept in place.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  queryClient.clear();
  return new Response(prelude).text();
}

/**
 * Home's markup for the inlined answers. Markup that holds a pending or failed boundary, or a script,
 * is refused (the server then sends the splash alone): the browser could not finish it under the CSP.
 */
export async function renderHome(first: FirstData): Promise<string> {
  const html = await renderOnce(first);
  if (html.includes('<script') || html.includes('<!--$?-->') || html.includes('<!--$!-->')) {
    throw new Error('the server render of Home suspended or failed (a pending boundary or a script in its markup)');
  }
  return html;
}
