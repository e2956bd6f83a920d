import { useEffect } from 'react';
import { Outlet } from '../lib/router/router';
import { APP_TITLE } from '../lib/constants';
import { usePageTitle } from './page-title';
import { NavBar } from './nav-bar';
import { OfflineBanner } from './offline-banner';
import { PrivateChannelMount } from './private-channel-mount';
import { ScrollToTop } from './scroll-to-top';
import { TabBar } from './tab-bar';

/**
 * Wraps every route: one centred mobile column, scroll reset, the fixed document title, and the
 * signed-in user's private channel (live orders, positions and balances), and the offline banner.
 */
export function AppLayout() {
  useEffect(() => {
    document.title = APP_TITLE;
  }, []);
  return (
    <div className="app-shell">
      <PrivateChannelMount />
      <ScrollToTop />
      <OfflineBanner />
      <Outlet />
    </div>
  );
}

/** Tab pages: content above the bottom tab bar, no back button (they are quit points, SPEC §2). */
export function TabLayout() {
  return (
    <>
      <main className="page page-with-tab-bar">
        <Outlet />
      </main>
      <TabBar />
    </>
  );
}

/** Every other page: the custom nav bar with back and the route's title. */
export function StackLayout() {
  const title = usePageTitle();
  return (
    <>
      <NavBar title={title} />
      <main className="page page-with-nav-bar">
        <Outlet />
      </main>
    </>
  );
}
