import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session/session-store';
import { envelope, installFakeFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { gold, sampleFuturesDetail, sampleQuote } from '../../../test/sample-quote';
import { sampleOrder, sampleRules, sampleWallet } from '../../../test/sample-trading';
import { sampleUser } from '../../../test/sample-user';

/** Issue 18: take-profit / stop-loss at entry, the futures month and unit, Taiwan lots — checked before the confirm dialog. */
function signIn() {
  saveSession({ token: 'tok', user: sampleUser() });
}

const field = (name: string) => screen.getByLabelText<HTMLInputElement>(name);
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const submit = (name = 'Buy up') => fireEvent.click(screen.getAllByRole('button', { name }).at(-1) as HTMLElement);

async function stockForm() {
  signIn();
  const server = installFakeFetch({
    '/quotes/getStock': () => envelope(sampleQuote()),
    '/stocka_config/getMinCount': () => envelope(sampleRules()),
    '/wallet/getWalletBalance': () => envelope(sampleWallet()),
    '/stock/create': () => envelope(sampleOrder({ takeProfit: 200, stopLoss: 180 })),
  });
  renderApp('/pages/payment/stock?name=Apple%20Inc&code=AAPL&source=0&direction=0');
  await screen.findByTestId('order-last-price');
  await waitFor(() => expect(screen.getByRole('button', { name: '1×' })).toBeTruthy());
  return server;
}

describe('order entry: take-profit and stop-loss', () => {
  it('refuses levels on the wrong side of the price before the confirm dialog, sends nothing, then sends both', async () => {
    const server = await stockForm();
    type('Quantity', '2');
    // Last price $189.32: a buy-up takes profit above it and stops below it.
    type('Take-profit', '180');
    type('Stop-loss', '195');
    submit();
    expect(await screen.findByText('For buy-up, the take-profit must be above $189.32')).toBeTruthy();
    expect(screen.getByText('For buy-up, the stop-loss must be below $189.32')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    type('Take-profit', '-1');
    submit();
    expect(await screen.findByText('Enter a price above 0')).toBeTruthy();

    type('Take-profit', '200');
    type('Stop-loss', '180');
    submit();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm order' });
    expect(within(dialog).getByText('$200.00')).toBeTruthy();
    expect(within(dialog).getByText('$180.00')).toBeTruthy();
    expect(server.callsTo('/stock/create')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(server.callsTo('/stock/create')).toHaveLength(1));
    expect(server.callsTo('/stock/create')[0]?.body).toMatchObject({ quantity: 2, takeProfit: 200, stopLoss: 180 });
  });

  it('a buy-down is checked the other way round; empty levels are not sent', async () => {
    const server = await stockForm();
    fireEvent.click(screen.getAllByRole('button', { name: 'Buy down' })[0] as HTMLElement);
    type('Quantity', '1');
    type('Stop-loss', '150');
    submit('Buy down');
    expect(await screen.findByText('For buy-down, the stop-loss must be above $189.32')).toBeTruthy();
    type('Stop-loss', '');
    submit('Buy down');
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Confirm order' })).getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(server.callsTo('/stock/create')).toHaveLength(1));
    expect(server.callsTo('/stock/create')[0]?.body).not.toHaveProperty('stopLoss');
    expect(server.callsTo('/stock/create')[0]?.body).not.toHaveProperty('takeProfit');
  });
});

describe('order entry: futures contract month and unit', () => {
  it('picks the next month, shows its expiry and the unit, checks the tick and sends the contract', async () => {
    signIn();
    const corn = gold({ name: 'Corn', stock_code: 'ZC', price_nominal: 440.25 });
    const server = installFakeFetch({
      '/quotes/getStock': () => envelope(corn),
      '/stocka_config/getMinCount': () => envelope(sampleRules({ source: 3, leverageMax: 20, multiplier: 50, feeRate: 0.0002, minFee: 2.5 })),
      '/wallet/getWalletBalance': () => envelope(sampleWallet({ walletType: 'FUTURE' })),
      '/m_ft/futures_opt_list': () =>
        envelope([
          { stock_code: 'ZCH27', root: 'ZC', name: 'Corn Mar 2027', month: '2027-03', lastTradeDate: 1_804_982_400, isFront: true },
          { stock_code: 'ZCK27', root: 'ZC', name: 'Corn May 2027', month: '2027-05', lastTradeDate: 1_810_252_800, isFront: false },
        ]),
      '/m_ft/detail_quote': () => envelope(sampleFuturesDetail({ stock_code: 'ZC', unit: 'bushels', tickSize: 0.25, quotedIn: 'USc' })),
      '/gold/create': () => envelope(sampleOrder({ source: 3, stockCode: 'ZC', contract: 'ZCK27' })),
    });
    renderApp('/pages/payment/future?name=Corn&code=ZC&source=3&direction=0');
    await screen.findByTestId('order-last-price');
    expect(await screen.findByText('Prices in cents per bushels · tick 0.25')).toBeTruthy();
    expect(screen.getByRole('button', { name: '2027-03 · Front', pressed: true })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '2027-05' }));
    expect(screen.getByTestId('contract-expiry').textContent).toMatch(/^ZCK27 · Expires /);

    type('Quantity', '1');
    type('Take-profit', '460.1');
    submit();
    expect(await screen.findByText('Use steps of 0.25')).toBeTruthy();
    type('Take-profit', '460.25');
    submit();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm order' });
    expect(within(dialog).getByText('ZCK27')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(server.callsTo('/gold/create')).toHaveLength(1));
    expect(server.callsTo('/gold/create')[0]?.body).toMatchObject({ goldCode: 'ZC', contract: 'ZCK27', quantity: 1, takeProfit: 460.25 });
  });
});

describe('order entry: Taiwan lots', () => {
  async function taiwanForm() {
    signIn();
    const tsmc = sampleQuote({ name: 'TSMC', stock_code: '2330', source: 7, market: 'TW', currency: 'TWD', price_nominal: 1455, precision: 2 });
    const server = installFakeFetch({
      '/quotes/getStock': () => envelope(tsmc),
      '/stocka_config/getMinCount': () => envelope(sampleRules({ source: 7, currency: 'TWD', minFee: 20, feeRate: 0.001425 })),
      '/wallet/getWalletBalance': () => envelope(sampleWallet({ walletType: 'TW', currency: 'TWD', available: 10_000_000 })),
      '/twStock/create': () => envelope(sampleOrder({ source: 7, stockCode: '2330', quantity: 2000 })),
    });
    renderApp('/pages/payment/stock?name=TSMC&code=2330&source=7&direction=0');
    await screen.findByTestId('order-last-price');
    return server;
  }

  it('board lots are counted in lots and sent as shares; odd lots are checked to 1–999 before the dialog', async () => {
    const server = await taiwanForm();
    expect(screen.getByRole('button', { name: 'Board lot', pressed: true })).toBeTruthy();
    type('Lots (1 lot = 1,000 shares)', '1.5');
    submit();
    expect(await screen.findByText('Enter a whole number of lots, at least 1')).toBeTruthy();
    type('Lots (1 lot = 1,000 shares)', '2');
    expect(screen.getByTestId('tw-shares').textContent).toBe('= 2000 shares');

    fireEvent.click(screen.getByRole('button', { name: 'Odd lot' }));
    type('Shares (1–999)', '1500');
    submit();
    expect(await screen.findByText('An odd lot is 1 to 999 shares')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Board lot' }));
    type('Lots (1 lot = 1,000 shares)', '2');
    submit();
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Confirm order' })).getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(server.callsTo('/twStock/create')).toHaveLength(1));
    expect(server.callsTo('/twStock/create')[0]?.body).toMatchObject({ stockCode: '2330', quantity: 2000 });
  });
});
