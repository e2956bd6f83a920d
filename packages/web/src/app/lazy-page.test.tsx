import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LAZY_PAGE_DELAY_MS, LAZY_PAGE_TIMEOUT_MS } from '../lib/constants';
import { lazyPage } from './lazy-page';

function Loaded() {
  return <p>page content</p>;
}

describe('lazyPage', () => {
  it('uses SPEC §9 timings by default: 200 ms delay, 60 s timeout', () => {
    expect(LAZY_PAGE_DELAY_MS).toBe(200);
    expect(LAZY_PAGE_TIMEOUT_MS).toBe(60_000);
  });

  it('shows no loading indicator before the delay, then shows one', async () => {
    vi.useFakeTimers();
    const Page = lazyPage(() => new Promise(() => {}));
    render(<Page />);

    await act(() => vi.advanceTimersByTimeAsync(199));
    expect(screen.queryByRole('status')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('status').textContent).toContain('Loading');
  });

  it('renders the page once its code has loaded', async () => {
    const Page = lazyPage(() => Promise.resolve(Loaded));
    render(<Page />);
    expect(await screen.findByText('page content')).toBeTruthy();
  });

  it('shows an error with a retry after the timeout, and the retry loads the page', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let attempts = 0;
    const Page = lazyPage(() => (++attempts === 1 ? new Promise(() => {}) : Promise.resolve(Loaded)));
    render(<Page />);

    await act(() => vi.advanceTimersByTimeAsync(59_999));
    expect(screen.queryByRole('alert')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('alert').textContent).toContain('could not be loaded');

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('page content')).toBeTruthy();
    expect(attempts).toBe(2);
  });

  it('offers a retry when loading the code fails', async () => {
    let attempts = 0;
    const Page = lazyPage(() =>
      ++attempts === 1 ? Promise.reject(new Error('chunk failed')) : Promise.resolve(Loaded),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Page />);

    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('page content')).toBeTruthy();
  });
});
