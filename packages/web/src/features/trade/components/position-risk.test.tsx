import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session/session-store';
import { envelope, installFakeFetch } from '../../../test/fake-fetch';
import { installFakeWebSocket } from '../../../test/fake-websocket';
import { renderApp } from '../../../test/render-app';
import { sampleQuote } from '../../../test/sample-quote';
import { page, sampleOrder, sampleOverview, samplePosition, sampleRules, sampleWallet } from '../../../test/sample-trading';
import { sampleUser } from '../../../test/sample-user';

/*
 * EUR/USD at 100×, one lot of 1,000 at 1.08: notional $1,080.00, margin $10.80. With the default
 * maintenance ratio 0.2 the engine liquidates a long at 1.08 − 1,080 × 0.8 ÷ (1,000 × 100) = 1.07136
 * and a short at 1.08864; at the open price the margin ratio is 0.2 × 100 = 20 %.
 */
const forexRules = sampleRules({ source: 2, leverageMax: 100, multiplier: 1000, feeRate: 0.0001, minFee: 1, tickSize: 0.00001 });
const eurusd = sampleQuote({ name: 'EUR/USD', stock_code: 'EURUSD', source: 2, market: 'FOREX', currency: 'USD', precision: 5, price_nominal: 1.08 });
const position = (overrides: Parameters<typeof samplePosition>[0] = {}) =>
  samplePosition({ stockCode: 'EURUSD', name: 'EUR/USD', market: 'FOREX', source: 2, leverage: 100, positionNum: 1, openPrice: 1.08, nowPrice: 1.08, isolatedPosition: 10.8, profit: 0, zdf: 0, ...overrides });

function server(positions = [position()]) {
  saveSession({ token: 'tok', user: sampleUser() });
  return installFakeFetch({
    '/quotes/getStock': () => envelope(eurusd),
    '/stocka_config/getMinCount': () => envelope(forexRules),
    '/wallet/getWalletBalance': () => envelope(sampleWallet({ walletType: 'FOREX' })),
    '/userCenter/getFundingOverview': () => envelope(sampleOverview()),
    '/position/me': () => envelope(positions),
    '/position/consignList': () => envelope([]),
    '/position/water/pageList': () => envelope(page([])),
    '/position/flatList': () => envelope(page([])),
    '/position/addMargin': () => envelope(position({ isolatedPosition: 21.6 })),
    '/stock/create': () => envelope(sampleOrder()),
  });
}

const card = () => screen.getByRole('article', { name: 'EUR/USD EURUSD' });

describe('order preview: liquidation price and margin ratio before confirming', () => {
  it('shows where a 100× long and short would be liquidated, in the preview and the confirm dialog', async () => {
    server();
    renderApp('/pages/payment/forex?name=EUR%2FUSD&code=EURUSD&source=2&direction=0');
    await waitFor(() => expect(screen.getByRole('button', { name: '100×' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: '100×' }));
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '1' } });

    await waitFor(() => expect(screen.getByTestId('preview-margin').textContent).toBe('$10.80'));
    expect(screen.getByTestId('preview-liquidation-price').textContent).toBe('1.07136');
    expect(screen.getByTestId('preview-margin-ratio').textContent).toBe('20.00%');

    // Ten lots: ten times the margin and the same distance; 10× leverage: ten times further away.
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '10' } });
    await waitFor(() => expect(screen.getByTestId('preview-margin').textContent).toBe('$108.00'));
    expect(screen.getByTestId('preview-liquidation-price').textContent).toBe('1.07136');
    fireEvent.click(screen.getByRole('button', { name: '10×' }));
    await waitFor(() => expect(screen.getByTestId('preview-liquidation-price').textContent).toBe('0.99360'));

    fireEvent.click(screen.getByRole('button', { name: '100×' }));
    fireEvent.click(screen.getByRole('button', { name: 'Buy down' }));
    await waitFor(() => expect(screen.getByTestId('preview-liquidation-price').textContent).toBe('1.08864'));

    fireEvent.click(screen.getAllByRole('button', { name: 'Buy down' }).at(-1) as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm order' });
    expect(within(dialog).getByTestId('confirm-liquidation-price').textContent).toBe('1.08864');
    expect(within(dialog).getByTestId('confirm-margin-ratio').textContent).toBe('20.00%');
  });

  it('shows nothing to compute until a quantity is typed', async () => {
    server();
    renderApp('/pages/payment/forex?name=EUR%2FUSD&code=EURUSD&source=2&direction=0');
    await waitFor(() => expect(screen.getByTestId('preview-liquidation-price').textContent).toBe('--'));
    expect(screen.getByTestId('preview-margin-ratio').textContent).toBe('--');
  });
});

describe('position card: live risk with a colour and an icon', () => {
  it('turns amber from 50 % and red from 80 % as the pushed profit falls, with the words beside the icon', async () => {
    const ws = installFakeWebSocket();
    server();
    renderApp('/pages/trade/index');
    await waitFor(() => expect(within(card()).getByTestId('position-liquidation-price').textContent).toBe('1.07136'));
    const line = () => within(card()).getByTestId('position-risk');
    expect(within(card()).getByTestId('position-margin-ratio').textContent).toBe('20.00%');
    expect(line().dataset.riskLevel).toBe('safe');
    expect(line().className).toContain('risk-safe');
    expect(line().querySelector('svg')).toBeNull();

    await waitFor(() => expect(ws.sent()).toContainEqual({ type: 'auth', token: 'tok' }));
    ws.latest()?.receive({ type: 'authenticated', userId: 42 });
    // Equity 10.80 − 7.00 = 3.80: 2.16 ÷ 3.80 = 56.84 %.
    ws.latest()?.receive({ type: 'position', position: position({ nowPrice: 1.073, profit: -7 }) });
    await waitFor(() => expect(within(card()).getByTestId('position-margin-ratio').textContent).toBe('56.84%'));
    expect(line().dataset.riskLevel).toBe('caution');
    expect(line().className).toContain('risk-caution');
    expect(within(line()).getByText('Nearing liquidation')).toBeTruthy();
    expect(line().querySelector('svg')).not.toBeNull();
    // The liquidation price moves with the margin, not with the quote.
    expect(within(card()).getByTestId('position-liquidation-price').textContent).toBe('1.07136');

    // Equity 2.30: 93.91 %.
    ws.latest()?.receive({ type: 'position', position: position({ nowPrice: 1.0715, profit: -8.5 }) });
    await waitFor(() => expect(within(card()).getByTestId('position-margin-ratio').textContent).toBe('93.91%'));
    expect(line().className).toContain('risk-danger');
    expect(within(line()).getByText('Close to liquidation')).toBeTruthy();
  });

  it('the close page shows the same risk line', async () => {
    server([position({ profit: -8.5, nowPrice: 1.0715 })]);
    renderApp('/pages/payment/close?id=7');
    await waitFor(() => expect(screen.getByTestId('position-liquidation-price').textContent).toBe('1.07136'));
    expect(screen.getByTestId('position-margin-ratio').textContent).toBe('93.91%');
    expect(screen.getByTestId('position-risk').dataset.riskLevel).toBe('danger');
  });
});

describe('add-margin dialog: the new liquidation price for the typed amount', () => {
  it('moves the liquidation price away as the amount is typed, before confirming', async () => {
    server([position({ profit: -2, nowPrice: 1.078 })]);
    renderApp('/pages/trade/index');
    await waitFor(() => expect(within(card()).getByTestId('position-liquidation-price').textContent).toBe('1.07136'));
    fireEvent.click(within(card()).getByRole('button', { name: 'Add margin' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('margin-liquidation-price').textContent).toBe('1.07136');
    // Nothing typed: the new price is today's.
    expect(within(dialog).getByTestId('margin-new-liquidation-price').textContent).toBe('1.07136');
    expect(within(dialog).getByTestId('margin-new-ratio').textContent).toBe('24.54%');

    // $10.80 more: margin 21.60, liquidation at 1.08 − 2,160 × 0.8 ÷ 100,000 = 1.06272; ratio 4.32 ÷ 19.60.
    fireEvent.change(within(dialog).getByLabelText('Amount to add'), { target: { value: '10.80' } });
    await waitFor(() => expect(within(dialog).getByTestId('margin-new-liquidation-price').textContent).toBe('1.06272'));
    expect(within(dialog).getByTestId('margin-new-ratio').textContent).toBe('22.04%');

    // Not an amount: back to today's figures rather than a guess.
    fireEvent.change(within(dialog).getByLabelText('Amount to add'), { target: { value: '1.2.3' } });
    await waitFor(() => expect(within(dialog).getByTestId('margin-new-liquidation-price').textContent).toBe('1.07136'));
  });
});
