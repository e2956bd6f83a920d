import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HashRouter, Route, Routes } from './router';

/** Changes the hash during the render, after HashRouter has read it and before it has subscribed. */
function HashChangeWhileRendering({ to }: { to: string }) {
  if (window.location.hash !== to) {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }
  return null;
}

function TwoPages() {
  return (
    <HashRouter>
      <Routes>
        <Route path="/close" element={<p>close page</p>} />
        <Route path="/order" element={<p>order page</p>} />
      </Routes>
    </HashRouter>
  );
}

afterEach(() => window.history.replaceState(null, '', '#/'));

describe('HashRouter', () => {
  it('shows the page of a hash changed between its first render and its subscription', async () => {
    window.history.replaceState(null, '', '#/close');
    render(
      <>
        <TwoPages />
        <HashChangeWhileRendering to="#/order" />
      </>,
    );
    await waitFor(() => expect(screen.getByText('order page')).toBeTruthy());
    expect(screen.queryByText('close page')).toBeNull();
  });

  it('follows a hash changed later', async () => {
    window.history.replaceState(null, '', '#/close');
    render(<TwoPages />);
    expect(screen.getByText('close page')).toBeTruthy();
    window.history.pushState(null, '', '#/order');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await waitFor(() => expect(screen.getByText('order page')).toBeTruthy());
  });
});
