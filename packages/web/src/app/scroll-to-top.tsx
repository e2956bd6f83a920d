import { useLayoutEffect } from 'react';
import { useLocation } from '../lib/router/router';

/** SPEC §2: each navigation starts at the top of the page. */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}
