import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  STALE_BUILD_RELOAD_KEY,
  STALE_BUILD_RELOAD_WINDOW_MS,
  StaleBuildError,
  isReloadingForNewBuild,
  isStaleBuildError,
  reloadForNewBuild,
  resetStaleBuildReloadForTests,
} from './stale-build';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value), values };
}

afterEach(() => resetStaleBuildReloadForTests());

describe('a chunk of an old build', () => {
  it('is recognised by the browsers’ import failures, a missing export and React’s empty lazy module', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://app.example/assets/settings-page-abc.js',
      'error loading dynamically imported module: https://app.example/assets/x.js',
      'Importing a module script failed.',
      "The requested module './index-abc.js' does not provide an export named 'h'",
      'Unable to preload CSS for /assets/order-page-abc.css',
      'Minified React error #306; visit https://react.dev/errors/306?args[]=undefined',
    ]) {
      expect(isStaleBuildError(new Error(message)), message).toBe(true);
    }
    expect(isStaleBuildError(new StaleBuildError('no page'))).toBe(true);
  });

  it('is not any other failure', () => {
    expect(isStaleBuildError(new Error('page load exceeded 60000 ms'))).toBe(false);
    expect(isStaleBuildError(new TypeError("Cannot read properties of undefined (reading 'price')"))).toBe(false);
    expect(isStaleBuildError(undefined)).toBe(false);
  });
});

describe('reloading for a new build', () => {
  it('reloads once and records when, then refuses a second time within the window (no loop)', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const deps = { storage, now: () => 1_000_000, online: () => true, reload };
    expect(reloadForNewBuild(deps)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.values.get(STALE_BUILD_RELOAD_KEY)).toBe('1000000');
    expect(isReloadingForNewBuild()).toBe(true);

    // The reloaded page starts afresh: its flag says it has just reloaded.
    resetStaleBuildReloadForTests();
    const later = { ...deps, now: () => 1_000_000 + STALE_BUILD_RELOAD_WINDOW_MS - 1 };
    expect(reloadForNewBuild(later)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(isReloadingForNewBuild()).toBe(false);
  });

  it('reloads again for a later deploy, once the window has passed', () => {
    const storage = memoryStorage({ [STALE_BUILD_RELOAD_KEY]: '1000000' });
    const reload = vi.fn();
    expect(reloadForNewBuild({ storage, now: () => 1_000_000 + STALE_BUILD_RELOAD_WINDOW_MS, online: () => true, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('asks for the reload only once while the page is going', () => {
    const reload = vi.fn();
    const deps = { storage: memoryStorage(), now: () => 5, online: () => true, reload };
    expect(reloadForNewBuild(deps)).toBe(true);
    expect(reloadForNewBuild(deps)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload offline (the chunk is missing for want of a network) nor without storage to stop a loop', () => {
    const reload = vi.fn();
    expect(reloadForNewBuild({ storage: memoryStorage(), now: () => 5, online: () => false, reload })).toBe(false);
    expect(reloadForNewBuild({ storage: null, now: () => 5, online: () => true, reload })).toBe(false);
    const throwing = { getItem: () => null, setItem: () => { throw new Error('quota'); } };
    expect(reloadForNewBuild({ storage: throwing, now: () => 5, online: () => true, reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
