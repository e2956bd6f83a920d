import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../lib/session/session-store';
import { sampleUser } from '../test/sample-user';
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

  it('signed in, does not claim saved prices: none of a signed-in caller’s answers is kept (issue 20)', () => {
    saveSession({ token: 'tok', user: sampleUser() });
    render(<OfflineBanner />);
    setOnline(false);
    expect(screen.getByRole('status').textContent).toBe('You are offline. Your account and its prices update again once you are back online.');
  });
});
