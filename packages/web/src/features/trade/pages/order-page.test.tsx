import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { saveSession } from '../../../lib/session/session-store';
import { StorageKey } from '../../../lib/storage';
import { envelope, installFakeFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { gold, sampleQuote } from '../../../test/sample-quote';
import { sampleOrder, sampleRules, sampleWallet } from '../../../test/sample-trading';
import { sampleUser } from '../../../test/sample-user';

const stockOrderPath = '/pages/payment/stock?name=Apple%20Inc&code=AAPL&source=0&direction=0';

function signIn() {
  saveSession({ token: 'tok', user: sampleUser() });
}

function orderServer(rules = sampleRules()) {
  return installFakeFetch({
    '/quotes/getStock': () => envelope(sampleQuote()),
    '/stocka_config/getMinCount': () => envelope(rules),
    '/wallet/getWalletBalance': () => envelope(sampleWallet()),
    '/stock/create': () => envelope(sampleOrder()),
  });
}

function toastText(): string {
  return document.body.querySelector('.adm-toast-main')?.textContent ?? '';
}

const quantityInput = () => screen.getByLabelText<HTMLInputElement>('Quantity');
const submit = () => fireEvent.click(screen.getAllByRole('button', { name: 'Buy up' }).at(-1) as HTMLElement);
const figure = (testId: string) => screen.getByTestId(testId).textContent;

async function openForm(rules = sampleRules()) {
  signIn();
  const server = orderServer(rules);
  const view = renderApp(stockOrderPath);
  await screen.findByTestId('order-last-price');
  await waitFor(() => expect(screen.getByRole('button', { name: '1×' })).toBeTruthy());
  return { server, ...view };
}

async function confirm() {
  const dialog = await screen.findByRole('dialog', { name: 'Confirm order' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Place order' }));
}

describe('order page: the form', () => {
  it('shows the live quote, the wallet that pays, and starts on the direction of the link', async () => {
    await openForm();
    expect(figure('order-last-price')).toBe('$189.32');
    expect(screen.getByRole('button', { name: 'Buy up', pressed: true })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Market', pressed: true })).toBeTruthy();
    await waitFor(() => expect(figure('preview-available')).toBe('$10,000.00'));
    expect(screen.getByText('Available (Stock wallet)')).toBeTruthy();
  });

  it('a sell link opens on buy-down', async () => {
    signIn();
    orderServer();
    renderApp('/pages/payment/stock?name=Apple%20Inc&code=AAPL&source=0&direction=1');
    expect(await screen.findByRole('button', { name: 'Buy down', pressed: true })).toBeTruthy();
  });

  it('asks for a quantity (SPEC §5) and, for a limit order, a price; nothing is sent', async () => {
    const { server } = await openForm();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a quantity');

    fireEvent.change(quantityInput(), { target: { value: '2.5' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('The quantity must be a whole number');

    fireEvent.click(screen.getByRole('button', { name: 'Limit' }));
    fireEvent.change(quantityInput(), { target: { value: '3' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a price');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.callsTo('/stock/create')).toHaveLength(0);
  });

  it('previews notional, margin = notional / leverage, fee = max(min fee, notional × rate)', async () => {
    await openForm();
    fireEvent.change(quantityInput(), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: '5×' }));

    await waitFor(() => expect(figure('preview-notional')).toBe('$1,893.20'));
    expect(figure('preview-margin')).toBe('$378.64');
    expect(figure('preview-fee')).toBe('$1.00');
    expect(figure('preview-total')).toBe('$379.64');

    // A limit order is priced at its limit: 100 × 200 × 0.0005 = 10 over the minimum fee.
    fireEvent.click(screen.getByRole('button', { name: 'Limit' }));
    fireEvent.change(screen.getByLabelText('Limit price'), { target: { value: '200' } });
    fireEvent.change(quantityInput(), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: '1×' }));
    await waitFor(() => expect(figure('preview-notional')).toBe('$20,000.00'));
    expect(figure('preview-fee')).toBe('$10.00');
    expect(figure('preview-total')).toBe('$20,010.00');
    expect(screen.getByText('Your available balance may not cover this order.')).toBeTruthy();
  });

  it('offers leverage from 1 up to the instrument maximum only', async () => {
    await openForm(sampleRules({ leverageMax: 20 }));
    const chips = within(screen.getByRole('group', { name: 'Leverage' })).getAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual(['1×', '2×', '3×', '5×', '10×', '20×']);
    expect(screen.getByRole('button', { name: '1×', pressed: true })).toBeTruthy();
  });

  it('Half and Full ask the server what the available funds open, and fill the quantity', async () => {
    const { server } = await openForm();
    server.on('/position/getHalfOrFullNum', () => envelope({ full: 52, half: 26, price: 189.36, minCount: 1 }));
    fireEvent.click(screen.getByRole('button', { name: '5×' }));

    fireEvent.click(screen.getByRole('button', { name: 'Half' }));
    await waitFor(() => expect(quantityInput().value).toBe('26'));
    expect(server.callsTo('/position/getHalfOrFullNum')[0]?.body).toEqual({ stockCode: 'AAPL', source: 0, direction: 0, leverage: 5 });

    fireEvent.click(screen.getByRole('button', { name: 'Full' }));
    await waitFor(() => expect(quantityInput().value).toBe('52'));
  });

  it('says so when the funds open nothing', async () => {
    const { server } = await openForm();
    server.on('/position/getHalfOrFullNum', () => envelope({ full: 0, half: 0, price: 189.36, minCount: 1 }));
    fireEvent.click(screen.getByRole('button', { name: 'Full' }));
    await waitFor(() => expect(toastText()).toBe('Your available balance cannot open the minimum quantity of 1.'));
    expect(quantityInput().value).toBe('');
  });
});

describe('order page: placing the order', () => {
  it('confirms, sends the order with an Idempotency-Key and goes to the Trade tab positions', async () => {
    const { server, router } = await openForm();
    fireEvent.change(quantityInput(), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: '5×' }));
    submit();

    const dialog = await screen.findByRole('dialog', { name: 'Confirm order' });
    expect(within(dialog).getByText('Buy up 10 × Apple Inc')).toBeTruthy();
    expect(server.callsTo('/stock/create')).toHaveLength(0);
    await confirm();

    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/trade/index'));
    expect(router.state.location.search).toBe('?tab=positions');
    const call = server.callsTo('/stock/create')[0];
    expect(call?.body).toEqual({ stockCode: 'AAPL', source: 0, direction: 0, orderType: 0, quantity: 10, leverage: 5 });
    expect(call?.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await waitFor(() => expect(toastText()).toBe('Order filled'));
  });

  it('retrying the same submission after a lost answer reuses the key; a changed order gets a new one', async () => {
    const { server } = await openForm();
    let attempt = 0;
    server.on('/stock/create', () => (++attempt === 1 ? 'network-error' : attempt === 2 ? envelope(null, 500, 'Try again') : envelope(sampleOrder())));
    fireEvent.change(quantityInput(), { target: { value: '10' } });

    submit();
    await confirm();
    await waitFor(() => expect(toastText()).toBe('Network Error'));
    submit();
    await confirm();
    await waitFor(() => expect(server.callsTo('/stock/create')).toHaveLength(2));
    const [first, second] = server.callsTo('/stock/create');
    expect(second?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);

    fireEvent.change(quantityInput(), { target: { value: '11' } });
    submit();
    await confirm();
    await waitFor(() => expect(server.callsTo('/stock/create')).toHaveLength(3));
    expect(server.callsTo('/stock/create')[2]?.headers['Idempotency-Key']).not.toBe(first?.headers['Idempotency-Key']);
  });

  it('a limit order that rests goes to the Orders section', async () => {
    const { server, router } = await openForm();
    server.on('/stock/create', () => envelope(sampleOrder({ orderType: 1, status: 0, price: 180, fillPrice: null, positionId: null })));
    fireEvent.click(screen.getByRole('button', { name: 'Limit' }));
    fireEvent.change(screen.getByLabelText('Limit price'), { target: { value: '180' } });
    fireEvent.change(quantityInput(), { target: { value: '4' } });
    submit();
    await confirm();
    await waitFor(() => expect(router.state.location.search).toBe('?tab=orders'));
    expect(server.callsTo('/stock/create')[0]?.body).toMatchObject({ orderType: 1, price: 180, quantity: 4 });
    await waitFor(() => expect(toastText()).toBe('Order placed'));
  });

  it('a stop order asks for its trigger; a stop-limit sends trigger and limit, and rests in the Orders section', async () => {
    const { server, router } = await openForm();
    server.on('/stock/create', () => envelope(sampleOrder({ orderType: 3, status: 0, price: 205, triggerPrice: 200, fillPrice: null, positionId: null })));
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    fireEvent.change(quantityInput(), { target: { value: '2' } });
    submit();
    expect(await screen.findByText('Buys at market when the ask rises to the trigger price.')).toBeTruthy();
    expect(screen.getByLabelText('Trigger price').getAttribute('aria-invalid')).toBe('true');
    expect(server.callsTo('/stock/create')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Stop-limit' }));
    fireEvent.change(screen.getByLabelText('Trigger price'), { target: { value: '200' } });
    fireEvent.change(screen.getByLabelText('Limit price'), { target: { value: '205' } });
    submit();
    await confirm();
    await waitFor(() => expect(router.state.location.search).toBe('?tab=orders'));
    expect(server.callsTo('/stock/create')[0]?.body).toMatchObject({ orderType: 3, triggerPrice: 200, price: 205, quantity: 2 });
  });
});

describe('order page: refusals and trading permission', () => {
  it('shows the server refusal (market closed, funds, quantity, leverage) and stays', async () => {
    const { server, router } = await openForm();
    server.on('/stock/create', () => envelope(null, 400, 'The market for AAPL is closed now'));
    fireEvent.change(quantityInput(), { target: { value: '10' } });
    submit();
    await confirm();
    await waitFor(() => expect(toastText()).toBe('The market for AAPL is closed now'));
    expect(router.state.location.pathname).toBe('/pages/payment/stock');
  });

  it('without trading permission (403) shows the message and Apply, and keeps the session', async () => {
    const { server, router } = await openForm();
    let permitted = false;
    server.on('/stock/create', () =>
      permitted ? envelope(sampleOrder()) : envelope(null, 403, 'Trading permission is required. Apply for it in your account'),
    );
    server.on('/api/user/userSet/applyStatus', () => {
      permitted = true;
      return envelope({ tradePermission: 3 });
    });
    fireEvent.change(quantityInput(), { target: { value: '10' } });
    submit();
    await confirm();

    const notice = await screen.findByText('Trading permission is required. Apply for it in your account');
    expect(window.localStorage.getItem(StorageKey.token)).toBe('tok');
    expect(router.state.location.pathname).toBe('/pages/payment/stock');
    expect(toastText()).not.toBe('Login Expired');

    fireEvent.click(within(notice.closest('section') as HTMLElement).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(toastText()).toBe('Trading permission granted. You can place the order now.'));
    expect(server.callsTo('/api/user/userSet/applyStatus')[0]?.body).toEqual({});
    await waitFor(() => expect(screen.queryByText('Trading permission is required. Apply for it in your account')).toBeNull());

    submit();
    await confirm();
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/trade/index'));
  });

  it('an application still under review says so (SPEC §4)', async () => {
    const { server } = await openForm();
    server.on('/stock/create', () => envelope(null, 403, 'Trading permission is required. Apply for it in your account'));
    server.on('/api/user/userSet/applyStatus', () => envelope({ tradePermission: 1 }));
    fireEvent.change(quantityInput(), { target: { value: '1' } });
    submit();
    await confirm();
    fireEvent.click(await screen.findByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Transaction permissions are under review')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
  });
});

describe('order page: permission known from the profile', () => {
  it('offers to apply before anything is submitted when the profile has no trading permission', async () => {
    saveSession({ token: 'tok', user: sampleUser() });
    const server = orderServer();
    server.on('/api/user/info', () => envelope(sampleUser({ tradePermission: 0 })));
    server.on('/api/user/userSet/applyStatus', () => envelope({ tradePermission: 3 }));
    renderApp(stockOrderPath);
    const notice = await screen.findByText('Trading permission is required to place orders.');
    fireEvent.click(within(notice.closest('section') as HTMLElement).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByText('Trading permission is required to place orders.')).toBeNull());
    expect(server.callsTo('/api/user/userSet/applyStatus')).toHaveLength(1);
  });

  it('says it is under review while the application waits', async () => {
    saveSession({ token: 'tok', user: sampleUser() });
    const server = orderServer();
    server.on('/api/user/info', () => envelope(sampleUser({ tradePermission: 1 })));
    renderApp(stockOrderPath);
    expect(await screen.findByText('Transaction permissions are under review')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
  });

  it('shows nothing for a user who may trade', async () => {
    saveSession({ token: 'tok', user: sampleUser() });
    const server = orderServer();
    server.on('/api/user/info', () => envelope(sampleUser({ tradePermission: 3 })));
    renderApp(stockOrderPath);
    await screen.findByTestId('order-last-price');
    await waitFor(() => expect(server.callsTo('/api/user/info')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
  });
});

describe('order pages by asset class', () => {
  it('futures order through /gold/create with goldCode and goldName, from the futures wallet', async () => {
    signIn();
    const server = installFakeFetch({
      '/quotes/getStock': () => envelope(gold()),
      '/stocka_config/getMinCount': () => envelope(sampleRules({ source: 3, leverageMax: 20, multiplier: 100, feeRate: 0.0002, minFee: 2.5 })),
      '/wallet/getWalletBalance': (call) => envelope(sampleWallet({ walletType: (call.body as { walletType: 'FUTURE' }).walletType })),
      '/gold/create': () => envelope(sampleOrder({ source: 3, stockCode: 'GC', name: 'Gold' })),
    });
    renderApp('/pages/payment/future?name=Gold&code=GC&source=3&direction=1');
    await screen.findByTestId('order-last-price');
    await waitFor(() => expect(screen.getByText('1 lot = 100 units', { exact: false })).toBeTruthy());
    expect(server.callsTo('/wallet/getWalletBalance')[0]?.body).toEqual({ walletType: 'FUTURE', currency: 'USD' });

    fireEvent.change(quantityInput(), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: '20×' }));
    // 2 × 100 oz × 2650.4 = 530,080; margin / 20 = 26,504; fee 0.02 % = 106.02.
    await waitFor(() => expect(figure('preview-notional')).toBe('$530,080.00'));
    expect(figure('preview-margin')).toBe('$26,504.00');
    expect(figure('preview-fee')).toBe('$106.02');

    fireEvent.click(screen.getAllByRole('button', { name: 'Buy down' }).at(-1) as HTMLElement);
    await confirm();
    await waitFor(() => expect(server.callsTo('/gold/create')).toHaveLength(1));
    expect(server.callsTo('/gold/create')[0]?.body).toEqual({ goldCode: 'GC', goldName: 'Gold', direction: 1, orderType: 0, quantity: 2, leverage: 20 });
  });

  it('forex prices a yen pair in dollars at the live rate', async () => {
    signIn();
    const usdjpy = sampleQuote({ name: 'USD/JPY', stock_code: 'USDJPY', source: 2, market: 'FX', currency: 'JPY', price_nominal: 155.52, precision: 3 });
    installFakeFetch({
      '/quotes/getStock': (call) => {
        const code = new URL(call.url, 'http://app.test').searchParams.get('stockCode');
        // The order page asks for the pair, the rate asks for JPYUSD (unknown) then USDJPY.
        return code === 'USDJPY' ? envelope(usdjpy) : envelope(null, 404, 'Not found');
      },
      '/stocka_config/getMinCount': () => envelope(sampleRules({ source: 2, leverageMax: 100, multiplier: 1000, feeRate: 0.0001, minFee: 0.5 })),
      '/wallet/getWalletBalance': () => envelope(sampleWallet({ walletType: 'FOREX' })),
    });
    renderApp('/pages/payment/forex?name=USD%2FJPY&code=USDJPY&source=2&direction=0');
    expect((await screen.findByTestId('order-last-price')).textContent).toBe('155.520');
    fireEvent.change(quantityInput(), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: '100×' }));
    await waitFor(() => expect(figure('preview-notional')).toBe('$3,000.00'));
    expect(figure('preview-margin')).toBe('$30.00');
    expect(figure('preview-fee')).toBe('$0.50');
  });

  it('sends a visitor to log in', async () => {
    const { router } = renderApp(stockOrderPath);
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/auth/login'));
  });
});

describe('order page in German (issue 20)', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('writes every price and amount the German way, the sign after the figures ("189,32 $", never "$189,32")', async () => {
    await i18n.changeLanguage('de');
    signIn();
    orderServer();
    renderApp(stockOrderPath);
    const plain = (text: string | null | undefined) => text?.replace(/\u00a0/g, ' ');
    await screen.findByTestId('order-last-price', {}, { timeout: 10_000 });
    expect(plain(figure('order-last-price'))).toBe('189,32 $');
    expect(plain(screen.getByText('Letzter Kurs (Schätzung)').nextElementSibling?.textContent)).toBe('189,32 $');
    await waitFor(() => expect(plain(figure('preview-available'))).toBe('10.000,00 $'));

    // A limit order: its price in the preview as well.
    fireEvent.click(screen.getByRole('button', { name: 'Limitiert' }));
    fireEvent.change(screen.getByLabelText(/^Limitpreis/), { target: { value: '188.5' } });
    expect(plain(screen.getByText('Limitpreis', { selector: 'dt' }).nextElementSibling?.textContent)).toBe('188,50 $');
    expect(plain(document.querySelector('.order-page')?.textContent)).not.toMatch(/\$\s?\d/);
    // The German locale is a chunk of its own: on a busy machine the first render can take seconds.
  }, 30_000);
});
