import { act, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';

// The page reload itself (window.location.reload) cannot happen in jsdom; what it is asked for can be seen.
const reloadForNewBuild = vi.hoisted(() => vi.fn<() => boolean>());
vi.mock('../lib/stale-build', async (importOriginal) => ({ ...(await importOriginal<object>()), reloadForNewBuild }));

const staleChunk = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://app.example/assets/settings-page-old.js'));

beforeEach(() => {
  reloadForNewBuild.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('a lazy page whose chunk is from an old build', () => {
  it('reloads for the new build and keeps the loading indicator, not the error, until the page goes', async () => {
    vi.useFakeTimers();
    reloadForNewBuild.mockReturnValue(true);
    const Page = lazyPage(staleChunk);
    render(<Page />);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(reloadForNewBuild).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Loading');
    vi.useRealTimers();
  });

  it('treats a module without the page’s export as another build’s', async () => {
    reloadForNewBuild.mockReturnValue(true);
    const Page = lazyPage(() => Promise.resolve(undefined as unknown as ComponentType));
    render(<Page />);
    await vi.waitFor(() => expect(reloadForNewBuild).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the error and its retry when the reload is refused (just reloaded: no loop)', async () => {
    reloadForNewBuild.mockReturnValue(false);
    const Page = lazyPage(staleChunk);
    render(<Page />);
    expect((await screen.findByRole('alert')).textContent).toContain('could not be loaded');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(reloadForNewBuild).toHaveBeenCalledTimes(1);
  });

  it('does not reload for a failure that is not a stale chunk', async () => {
    const Page = lazyPage(() => Promise.reject(new Error('server said no')));
    render(<Page />);
    await screen.findByRole('alert');
    expect(reloadForNewBuild).not.toHaveBeenCalled();
  });
});
