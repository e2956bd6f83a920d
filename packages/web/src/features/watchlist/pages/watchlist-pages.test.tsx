import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session/session-store';
import { envelope, installFakeFetch } from '../../../test/fake-fetch';
import { installFakeWebSocket } from '../../../test/fake-websocket';
import { renderApp } from '../../../test/render-app';
import { gold, sampleQuote, sampleWatchlistItem, spx } from '../../../test/sample-quote';
import { sampleUser } from '../../../test/sample-user';
import { moveId } from './manage-watchlist-page';

vi.mock('../../../components/chart/price-chart', () => import('../../../test/chart-stub'));

const apple = sampleWatchlistItem(1, sampleQuote());
const goldItem = sampleWatchlistItem(2, gold());
const index = sampleWatchlistItem(3, spx());

function signIn() {
  saveSession({ token: 'tok', user: sampleUser() });
}

describe('watchlist tab', () => {
  it('asks a visitor to log in, and calls nothing', async () => {
    const server = installFakeFetch();
    renderApp('/pages/watchlist/index');
    expect(await screen.findByRole('heading', { name: 'Keep an eye on your favourites' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/pages/auth/login');
    expect(server.callsTo('/userSelfSecurity/selectSelfSelectionStocksData')).toHaveLength(0);
  });

  it('lists the watched instruments in order with live prices, and links to managing them', async () => {
    const ws = installFakeWebSocket();
    signIn();
    const server = installFakeFetch({
      '/userSelfSecurity/selectSelfSelectionStocksData': () => envelope([apple, goldItem, index]),
    });
    renderApp('/pages/watchlist/index');

    const list = await screen.findByRole('list', { name: 'Watchlist' });
    expect(within(list).getAllByRole('link').map((link) => link.dataset.code)).toEqual(['AAPL', 'GC', 'SPX']);
    expect(server.callsTo('/userSelfSecurity/selectSelfSelectionStocksData')[0]?.headers.Authorization).toBe('tok');
    expect(screen.getByText('3 instruments')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Edit/ }).getAttribute('href')).toBe('/pages/watchlist/manage');

    // The socket subscribes the rows and authenticates for the private channel (whichever's code arrived first).
    await waitFor(() => expect(ws.sent()).toHaveLength(2));
    expect(ws.sent()).toEqual(expect.arrayContaining([{ type: 'auth', token: 'tok' }, expect.objectContaining({ type: 'subscribe' })]));
    ws.tick({ source: 0, code: 'AAPL', price_nominal: 190.01, change: 1.94, change_ratio: 1.03 });
    await waitFor(() => expect(within(list).getAllByTestId('quote-price')[0]?.textContent).toBe('190.01'));
  });

  it('shows an empty state that leads to the Market', async () => {
    signIn();
    installFakeFetch({ '/userSelfSecurity/selectSelfSelectionStocksData': () => envelope([]) });
    renderApp('/pages/watchlist/index');
    expect(await screen.findByRole('heading', { name: 'Your watchlist is empty' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse the market' }).getAttribute('href')).toBe('/pages/market/index');
    expect(screen.queryByRole('link', { name: /Edit/ })).toBeNull();
  });
});

describe('managing the watchlist', () => {
  it('computes the new order of a move', () => {
    expect(moveId([1, 2, 3], 1, 0)).toEqual([2, 1, 3]);
    expect(moveId([1, 2, 3], 0, 2)).toEqual([2, 3, 1]);
    expect(moveId([1, 2, 3], 2, 0)).toEqual([3, 1, 2]);
    expect(moveId([1, 2, 3], 1, 9)).toEqual([1, 3, 2]);
  });

  it('moves an entry and saves the whole new order of ids through /userSelfSecurity/sort', async () => {
    signIn();
    const server = installFakeFetch({
      '/userSelfSecurity/selectSelfSelectionStocksData': () => envelope([apple, goldItem, index]),
      '/userSelfSecurity/sort': () => envelope(null),
    });
    renderApp('/pages/watchlist/manage');

    fireEvent.click(await screen.findByRole('button', { name: 'Move Gold up' }));
    await waitFor(() => expect(server.callsTo('/userSelfSecurity/sort')).toHaveLength(1));
    expect(server.callsTo('/userSelfSecurity/sort')[0]?.body).toEqual({ ids: [2, 1, 3] });
    // The list shows the new order at once.
    const list = screen.getByRole('list', { name: 'Manage watchlist' });
    expect(within(list).getAllByRole('listitem').map((row) => row.dataset.code)).toEqual(['GC', 'AAPL', 'SPX']);

    fireEvent.click(screen.getByRole('button', { name: 'Move S&P 500 to the top' }));
    await waitFor(() => expect(server.callsTo('/userSelfSecurity/sort')).toHaveLength(2));
    expect(server.callsTo('/userSelfSecurity/sort')[1]?.body).toEqual({ ids: [3, 2, 1] });

    // The first entry cannot go further up, the last not further down.
    expect(screen.getByRole('button', { name: 'Move S&P 500 up' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Move Apple Inc down' }).hasAttribute('disabled')).toBe(true);
  });

  it('puts the server order back when saving fails', async () => {
    signIn();
    installFakeFetch({
      '/userSelfSecurity/selectSelfSelectionStocksData': () => envelope([apple, goldItem]),
      '/userSelfSecurity/sort': () => envelope(null, 500, 'Could not save the order'),
    });
    renderApp('/pages/watchlist/manage');
    fireEvent.click(await screen.findByRole('button', { name: 'Move Gold up' }));
    expect(await screen.findByText('Could not save the order')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Manage watchlist' });
    await waitFor(() => expect(within(list).getAllByRole('listitem').map((row) => row.dataset.code)).toEqual(['AAPL', 'GC']));
  });

  it('removes one entry by id, and several selected ones together', async () => {
    signIn();
    let entries = [apple, goldItem, index];
    const server = installFakeFetch({
      '/userSelfSecurity/selectSelfSelectionStocksData': () => envelope(entries),
    });
    for (const id of [1, 2, 3]) {
      server.on(`/userSelfSecurity/delete/${id}`, () => {
        entries = entries.filter((entry) => entry.id !== id);
        return envelope(null);
      });
    }
    renderApp('/pages/watchlist/manage');

    // Asked first (issue 20): a cancel removes nothing.
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Gold' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove Gold from your watchlist?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('/userSelfSecurity/delete/2')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Gold' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove Gold from your watchlist?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove Gold' })).toBeNull());
    expect(server.callsTo('/userSelfSecurity/delete/2')[0]?.method).toBe('POST');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Apple Inc' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select S&P 500' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove (2)' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove the selected instruments (2) from your watchlist?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('heading', { name: 'Your watchlist is empty' })).toBeTruthy();
    expect(server.callsTo('/userSelfSecurity/delete/1')).toHaveLength(1);
    expect(server.callsTo('/userSelfSecurity/delete/3')).toHaveLength(1);
  });

  it('needs a session', async () => {
    const { router } = renderApp('/pages/watchlist/manage');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/auth/login'));
  });
});
