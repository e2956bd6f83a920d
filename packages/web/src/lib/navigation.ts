import { useCallback } from 'react';
import { type NavigateOptions, useLocation, useNavigate } from './router/router';
import { isTabPath, paths } from './paths';

/**
 * SPEC §2: tab pages are switched to (replacing the entry, like a tab switch in a native app),
 * every other page is pushed.
 */
export function useAppNavigate(): (to: string, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  return useCallback(
    (to: string, options?: NavigateOptions) => {
      void navigate(to, { replace: isTabPath(to), ...options });
    },
    [navigate],
  );
}

/** Back, or home when this page was the first one opened in the app (SPEC §2). */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  // The router gives the entry the app started on the key "default": nothing of ours lies behind it.
  const isFirstEntry = useLocation().key === 'default';
  return useCallback(() => {
    if (isFirstEntry) void navigate(paths.home, { replace: true });
    else void navigate(-1);
  }, [isFirstEntry, navigate]);
}
