import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineBanner } from './offline-banner';

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('OfflineBanner', () => {
  it('appears when the phone goes offline and leaves when it is back', () => {
    render(<OfflineBanner />);
    expect(screen.queryByRole('status')).toBeNull();
    setOnline(false);
    expect(screen.getByRole('status').textContent).toBe('You are offline. Prices shown are the last ones saved and may be out of date.');
    setOnline(true);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
