import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session/session-store';
import { envelope, installFakeFetch } from '../../../test/fake-fetch';
import { installFakeWebSocket } from '../../../test/fake-websocket';
import { renderApp } from '../../../test/render-app';
import { page, sampleOrder, sampleOverview, samplePosition, sampleWallet } from '../../../test/sample-trading';
import { sampleUser } from '../../../test/sample-user';

function signIn() {
  saveSession({ token: 'tok', user: sampleUser() });
}

function tradeServer({ positions = [samplePosition()], orders = [sampleOrder({ id: 40, orderType: 1, status: 0, price: 180, fillPrice: null, positionId: null, margin: 144, fee: 1 })] } = {}) {
  return installFakeFetch({
    '/userCenter/getFundingOverview': () => envelope(sampleOverview()),
    '/position/me': () => envelope(positions),
    '/position/consignList': () => envelope(orders),
    '/orders/cancel': () => envelope(sampleOrder({ id: 40, status: 2 })),
    '/wallet/getWalletBalance': () => envelope(sampleWallet()),
    '/position/water/pageList': () =>
      envelope(
        page([
          sampleOrder({ id: 32, openClose: 1, direction: 1, quantity: 5, fillPrice: 191.2, profit: 7.95, createTimeTimestamp: 1_735_801_000 }),
          sampleOrder({ id: 31 }),
          // An older server answered a cancelled order with the fee it had reserved.
          sampleOrder({ id: 30, orderType: 1, status: 2, price: 170, fillPrice: null, positionId: null, fee: 1 }),
        ]),
      ),
    '/position/flatList': () => envelope(page([samplePosition({ id: 3, positionNum: 0, status: 'closed', sellProfit: -4.2 })])),
  });
}

const card = () => screen.getByRole('article', { name: 'Apple Inc AAPL' });

describe('trade tab', () => {
  it('asks a visitor to log in', async () => {
    renderApp('/pages/trade/index');
    expect(await screen.findByRole('heading', { name: 'Trade from your phone' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/pages/auth/login');
  });

  it('shows the account totals and the open positions with their live profit', async () => {
    signIn();
    const server = tradeServer();
    renderApp('/pages/trade/index');

    await waitFor(() => expect(screen.getByTestId('total-assets').textContent).toBe('$15,012.30'));
    expect(screen.getByTestId('available').textContent).toBe('$14,600.00');
    expect(screen.getByTestId('today-profit').textContent).toBe('+$12.30');
    expect(screen.getByTestId('today-profit').className).toContain('trend-rise');
    expect(server.callsTo('/userCenter/getFundingOverview')[0]?.body).toEqual({});

    const position = await screen.findByRole('article', { name: 'Apple Inc AAPL' });
    expect(within(position).getByText('Buy up')).toBeTruthy();
    expect(within(position).getByText('5×')).toBeTruthy();
    expect(within(position).getByTestId('position-quantity').textContent).toBe('10');
    expect(within(position).getByText('189.40', { exact: false })).toBeTruthy();
    expect(within(position).getByTestId('position-now-price').textContent).toBe('190.63');
    expect(within(position).getByText('$378.80')).toBeTruthy();
    expect(within(position).getByTestId('position-profit').textContent).toBe('+$12.30');
    expect(within(position).getByTestId('position-ratio').textContent).toBe('+3.25%');
    expect(within(position).getByRole('link', { name: 'Close' }).getAttribute('href')).toBe('/pages/payment/close?id=7');
  });

  it('moves a position live when the private channel pushes it, and drops it once closed', async () => {
    const ws = installFakeWebSocket();
    signIn();
    tradeServer();
    renderApp('/pages/trade/index');
    await screen.findByRole('article', { name: 'Apple Inc AAPL' });

    await waitFor(() => expect(ws.sent()).toContainEqual({ type: 'auth', token: 'tok' }));
    ws.latest()?.receive({ type: 'authenticated', userId: 42 });
    ws.latest()?.receive({ type: 'position', position: samplePosition({ nowPrice: 187.1, profit: -23, zdf: -6.07 }) });

    await waitFor(() => expect(within(card()).getByTestId('position-profit').textContent).toBe('-$23.00'));
    expect(within(card()).getByTestId('position-profit').closest('.position-profit')?.className).toContain('trend-fall');
    expect(within(card()).getByTestId('position-ratio').textContent).toBe('-6.07%');
    expect(within(card()).getByTestId('position-now-price').textContent).toBe('187.10');

    ws.latest()?.receive({ type: 'position', position: samplePosition({ positionNum: 0, status: 'closed' }) });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Apple Inc AAPL' })).toBeNull());
    expect(await screen.findByText('No open positions')).toBeTruthy();
  });

  it('a new position pushed on the channel reloads the list', async () => {
    const ws = installFakeWebSocket();
    signIn();
    const server = tradeServer({ positions: [] });
    renderApp('/pages/trade/index');
    expect(await screen.findByText('No open positions')).toBeTruthy();
    await waitFor(() => expect(ws.sent()).toContainEqual({ type: 'auth', token: 'tok' }));
    ws.latest()?.receive({ type: 'authenticated', userId: 42 });

    server.on('/position/me', () => envelope([samplePosition()]));
    ws.latest()?.receive({ type: 'position', position: samplePosition() });
    expect(await screen.findByRole('article', { name: 'Apple Inc AAPL' })).toBeTruthy();
  });
});

describe('trade tab: orders, history and margin', () => {
  it('lists resting limit orders and cancels one after confirmation', async () => {
    signIn();
    const server = tradeServer();
    renderApp('/pages/trade/index?tab=orders');

    const order = await screen.findByRole('article', { name: 'Apple Inc AAPL' });
    expect(within(order).getByText('180.00')).toBeTruthy();
    expect(within(order).getByText('$145.00')).toBeTruthy();

    fireEvent.click(within(order).getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    expect(server.callsTo('/orders/cancel')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(server.callsTo('/orders/cancel')[0]?.body).toEqual({ id: 40 }));
    expect(await screen.findByText('Order cancelled')).toBeTruthy();
  });

  it('keeps an order when the confirmation is dismissed', async () => {
    signIn();
    const server = tradeServer();
    renderApp('/pages/trade/index?tab=orders');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('/orders/cancel')).toHaveLength(0);
  });

  it('shows the order history and the closed positions with realised profit', async () => {
    signIn();
    const server = tradeServer();
    renderApp('/pages/trade/index');
    fireEvent.click(await screen.findByRole('button', { name: 'History' }));

    const orders = await screen.findByRole('list', { name: 'All orders' });
    const rows = within(orders).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0] as HTMLElement).getByText('Close')).toBeTruthy();
    // The closing order of a buy-up position is labelled by the position it closes.
    expect(within(rows[0] as HTMLElement).getByText('Buy up')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByTestId('order-profit').textContent).toBe('+$7.95');
    expect(within(rows[1] as HTMLElement).getByText('Success')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByTestId('order-fee').textContent).toMatch(/^Fee \$\d/);
    // A cancelled order was charged nothing: no fee is shown for it.
    expect(within(rows[2] as HTMLElement).getByText('Cancelled')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByTestId('order-fee').textContent).toBe('Fee —');
    expect(server.callsTo('/position/water/pageList')[0]?.body).toEqual({ pageNum: 1, pageSize: 20 });

    fireEvent.click(screen.getByRole('button', { name: 'Closed positions' }));
    const closed = await screen.findByRole('list', { name: 'Closed positions' });
    expect(within(closed).getByTestId('realised-profit').textContent).toBe('-$4.20');
    expect(within(closed).getByText('Closed')).toBeTruthy();
  });

  it('adds margin to a position with an Idempotency-Key', async () => {
    signIn();
    const server = tradeServer();
    server.on('/position/addPositionMargin', () => envelope(samplePosition({ isolatedPosition: 428.8 })));
    renderApp('/pages/trade/index');
    fireEvent.click(await screen.findByRole('button', { name: 'Add margin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add margin to Apple Inc' });

    fireEvent.change(within(dialog).getByLabelText('Amount to add'), { target: { value: '50.123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add margin' }));
    expect(await within(dialog).findByText('Please enter a correct amount')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Amount to add'), { target: { value: '50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add margin' }));
    await waitFor(() => expect(server.callsTo('/position/addPositionMargin')).toHaveLength(1));
    const call = server.callsTo('/position/addPositionMargin')[0];
    expect(call?.body).toEqual({ id: 7, amount: '50' });
    expect(call?.headers['Idempotency-Key']).toBeTruthy();
    expect(await screen.findByText('Margin added')).toBeTruthy();
  });
});
