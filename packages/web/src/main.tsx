import './app/global.css';
import './app/market.css';
import './app/trade.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { hasFreshFirstData } from './app/first-data';
import { i18nReady, loadAllTexts } from './i18n/i18n';
import { APP_TITLE } from './lib/constants';
import { paths } from './lib/paths';
import { parsePath } from './lib/router/location';
import { listenForStaleChunks } from './lib/stale-build';
import { registerServiceWorker } from './pwa/register-service-worker';

document.title = APP_TITLE;
listenForStaleChunks();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The server's render of Home, when public/theme.js found that it is what this first render will be
// (Home, a visitor, English; issue 23), the answers it was rendered with are fresh enough to seed
// the app's cache (not an old offline shell), and the route is still Home: the code loads after the
// first paint, and a link tapped on the server's Home before that has changed the route (hydrating
// Home's markup as another page would fail). Hydrated, so it stays on screen while the code loads.
const { pathname = paths.root } = parsePath(window.location.hash.slice(1));
const stillHome = pathname === paths.root || pathname === paths.home;
const serverRendered =
  stillHome && document.documentElement.dataset.boot !== 'splash' && hasFreshFirstData() ? document.getElementById('ssr-root') : null;

// A stored non-English locale is a chunk of its own; rendering after it arrives avoids an English flash.
// The first render is a transition so React renders it in slices and a slow phone stays responsive
// (a plain render of the whole shell is one long task); the splash stays until it commits.
void i18nReady.finally(() => {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  startTransition(() => {
    if (serverRendered) hydrateRoot(serverRendered, app);
    else createRoot(container).render(app);
  });
});

// Once the page has loaded (which may be before this runs: the code is asked for after the first paint),
// the service worker, and the English texts Home's first paint does not use: the next page or a toast
// then has them at hand (a lazy page that finds them missing loads them beside its code).
function afterPageLoad(): void {
  registerServiceWorker();
  loadAllTexts().catch(() => undefined);
}
if (document.readyState === 'complete') afterPageLoad();
else window.addEventListener('load', afterPageLoad, { once: true });
