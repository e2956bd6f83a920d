import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session/session-store';
import { type FakeReply, envelope, installFakeFetch } from '../../../test/fake-fetch';
import { installFakeWebSocket } from '../../../test/fake-websocket';
import { renderApp } from '../../../test/render-app';
import { sampleQuote } from '../../../test/sample-quote';
import { sampleOrder, samplePosition, sampleRules } from '../../../test/sample-trading';
import { sampleUser } from '../../../test/sample-user';

function closeServer(position = samplePosition()) {
  saveSession({ token: 'tok', user: sampleUser() });
  return installFakeFetch({
    '/position/me': () => envelope([position]),
    '/stocka_config/getMinCount': () => envelope(sampleRules()),
    '/quotes/getStock': () => envelope(sampleQuote()),
    '/position/flatPosition': () => envelope(sampleOrder({ id: 50, openClose: 1, direction: 1 })),
    '/userCenter/getFundingOverview': () => envelope({}),
  });
}

const quantity = () => screen.getByLabelText<HTMLInputElement>('Quantity to close');

async function closeWith() {
  fireEvent.click(screen.getAllByRole('button', { name: 'Close position' }).at(-1) as HTMLElement);
  const dialog = await screen.findByRole('dialog', { name: 'Close position?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Close position' }));
}

describe('close position page', () => {
  it('shows the position and defaults to closing all of it, with the estimate', async () => {
    closeServer();
    renderApp('/pages/payment/close?id=7');
    await waitFor(() => expect(quantity().value).toBe('10'));
    expect(screen.getByText('Apple Inc')).toBeTruthy();
    expect(screen.getByTestId('close-floating-profit').textContent).toBe('+$12.30 (+3.25%)');
    // All of it: the whole profit, fee 0.05 % of 1,906.30 = 0.95 → the minimum 1.00.
    await waitFor(() => expect(screen.getByTestId('close-estimated-profit').textContent).toBe('+$12.30'));
    expect(screen.getByTestId('close-proceeds').textContent).toBe('$390.10');
  });

  it('sets take-profit and stop-loss on the position (an empty field clears it); a bad price is refused before sending', async () => {
    const server = closeServer(samplePosition({ takeProfit: 210, stopLoss: null }));
    server.on('/position/setTpSl', () => envelope(samplePosition({ takeProfit: null, stopLoss: 180.5 })));
    renderApp('/pages/payment/close?id=7');
    const takeProfit = await screen.findByLabelText<HTMLInputElement>('Take-profit');
    expect(takeProfit.value).toBe('210.00');
    fireEvent.change(screen.getByLabelText('Stop-loss'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save levels' }));
    await waitFor(() => expect(screen.getByLabelText('Stop-loss').getAttribute('aria-invalid')).toBe('true'));
    expect(server.callsTo('/position/setTpSl')).toHaveLength(0);

    fireEvent.change(takeProfit, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Stop-loss'), { target: { value: '180.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save levels' }));
    await waitFor(() => expect(server.callsTo('/position/setTpSl')).toHaveLength(1));
    expect(server.callsTo('/position/setTpSl')[0]?.body).toEqual({ id: 7, takeProfit: null, stopLoss: 180.5 });
  });

  it('closes half: the quantity is sent', async () => {
    const server = closeServer();
    const { router } = renderApp('/pages/payment/close?id=7');
    await waitFor(() => expect(quantity().value).toBe('10'));
    fireEvent.click(screen.getByRole('button', { name: 'Half' }));
    expect(quantity().value).toBe('5');
    await waitFor(() => expect(screen.getByTestId('close-estimated-profit').textContent).toBe('+$6.15'));

    await closeWith();
    await waitFor(() => expect(server.callsTo('/position/flatPosition')[0]?.body).toEqual({ id: 7, quantity: 5 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/trade/index'));
    expect(await screen.findByText('Closed 5')).toBeTruthy();
  });

  it('closes all without a quantity', async () => {
    const server = closeServer();
    renderApp('/pages/payment/close?id=7');
    await waitFor(() => expect(quantity().value).toBe('10'));
    fireEvent.change(quantity(), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    await closeWith();
    await waitFor(() => expect(server.callsTo('/position/flatPosition')[0]?.body).toEqual({ id: 7 }));
    expect(await screen.findByText('Position closed')).toBeTruthy();
  });

  it('still goes to the Trade tab when the channel reports the position closed before the call answers', async () => {
    const ws = installFakeWebSocket();
    const server = closeServer();
    let answer: (reply: FakeReply) => void = () => undefined;
    server.on('/position/flatPosition', () => new Promise<FakeReply>((resolve) => (answer = resolve)));
    const { router } = renderApp('/pages/payment/close?id=7');
    await waitFor(() => expect(quantity().value).toBe('10'));
    await waitFor(() => expect(ws.sent()).toContainEqual({ type: 'auth', token: 'tok' }));
    ws.latest()?.receive({ type: 'authenticated', userId: 42 });

    await closeWith();
    await waitFor(() => expect(server.callsTo('/position/flatPosition')).toHaveLength(1));
    ws.latest()?.receive({ type: 'position', position: samplePosition({ positionNum: 0, status: 'closed' }) });
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Close position' }).length).toBeGreaterThan(0));
    expect(screen.queryByText('This position is closed or no longer exists.')).toBeNull();

    answer(envelope(sampleOrder({ id: 50, openClose: 1, direction: 1 })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/trade/index'));
  });

  it('refuses more than the position holds, and no quantity at all', async () => {
    const server = closeServer();
    renderApp('/pages/payment/close?id=7');
    await waitFor(() => expect(quantity().value).toBe('10'));
    fireEvent.change(quantity(), { target: { value: '11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Close position' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You can close at most 10');
    fireEvent.change(quantity(), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Close position' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a quantity');
    expect(server.callsTo('/position/flatPosition')).toHaveLength(0);
  });

  it('shows the server refusal', async () => {
    const server = closeServer();
    server.on('/position/flatPosition', () => envelope(null, 400, 'The market for AAPL is closed now'));
    renderApp('/pages/payment/close?id=7');
    await waitFor(() => expect(quantity().value).toBe('10'));
    await closeWith();
    expect(await screen.findByText('The market for AAPL is closed now')).toBeTruthy();
  });

  it('says so for a position that is no longer open', async () => {
    closeServer();
    renderApp('/pages/payment/close?id=99');
    expect(await screen.findByText('This position is closed or no longer exists.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See history' }).getAttribute('href')).toBe('/pages/trade/index?tab=history');
  });
});
