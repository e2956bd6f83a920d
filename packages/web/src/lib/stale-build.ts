/**
 * Recovery when a new build is deployed while the app is open (issue 20): the open page still asks for
 * the old build's hashed chunks, which are gone (404), or mixes them with the new ones ("does not
 * provide an export named …", React #306). One reload fetches the new index.html and its chunks; the
 * hash route keeps the user where they were. A time-stamped flag in sessionStorage stops a loop: a
 * second stale chunk within the window shows the page's error (with its retry) instead.
 */

/** sessionStorage key: when the app last reloaded for a new build (ms since the epoch). */
export const STALE_BUILD_RELOAD_KEY = 'tradewind.staleBuildReloadAt';
/** A second reload for a stale chunk within this time would be a loop; the error is shown instead. */
export const STALE_BUILD_RELOAD_WINDOW_MS = 60_000;

/** A page module that loaded but lacks the component it should export: it belongs to another build. */
export class StaleBuildError extends Error {
  override readonly name = 'StaleBuildError';
}

const STALE_CHUNK_MESSAGES: readonly RegExp[] = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /does not provide an export named/i, // an old chunk importing a new one (or the reverse)
  /Unable to preload CSS/i, // Vite's preload of a chunk's stylesheet
  /Minified React error #306/, // React.lazy resolved to nothing: the module is from another build
  /Element type is invalid\. Received a promise that resolves to/,
];

/** Whether an error is the sign of a chunk from another build (rather than a bug or a timeout). */
export function isStaleBuildError(error: unknown): boolean {
  if (error instanceof StaleBuildError) return true;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return STALE_CHUNK_MESSAGES.some((pattern) => pattern.test(message));
}

export interface ReloadDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  now: () => number;
  online: () => boolean;
  reload: () => void;
}

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

const browserDeps = (): ReloadDeps => ({
  storage: sessionStorageOrNull(),
  now: Date.now,
  online: () => navigator.onLine,
  reload: () => window.location.reload(),
});

let reloading = false;

/** Whether a reload for a new build has been started (the page is about to go). */
export function isReloadingForNewBuild(): boolean {
  return reloading;
}

/**
 * Reloads the page once to pick up the new build. Returns true when the page is reloading (the caller
 * should show nothing more), false when it must not: offline (the chunk is missing because the network
 * is, a reload would not help), no sessionStorage to guard against a loop, or already reloaded for a
 * new build within the window.
 */
export function reloadForNewBuild(deps: ReloadDeps = browserDeps()): boolean {
  if (reloading) return true;
  if (!deps.online() || !deps.storage) return false;
  const now = deps.now();
  try {
    const last = Number(deps.storage.getItem(STALE_BUILD_RELOAD_KEY));
    if (last > 0 && now - last >= 0 && now - last < STALE_BUILD_RELOAD_WINDOW_MS) return false;
    deps.storage.setItem(STALE_BUILD_RELOAD_KEY, String(now));
  } catch {
    return false;
  }
  reloading = true;
  deps.reload();
  return true;
}

/** Tests only: forget that a reload was started. */
export function resetStaleBuildReloadForTests(): void {
  reloading = false;
}

/** A lazy chunk that fails to load (Vite's `vite:preloadError`): reload once for the new build. */
export function listenForStaleChunks(): void {
  window.addEventListener('vite:preloadError', (event) => {
    // Prevented, the import resolves to nothing instead of throwing; the page is going anyway. Not
    // reloading (offline, or a loop), the error goes on to the page's boundary and its retry.
    if (reloadForNewBuild()) event.preventDefault();
  });
}
