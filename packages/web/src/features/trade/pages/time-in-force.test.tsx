import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session/session-store';
import { envelope, installFakeFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { sampleQuote } from '../../../test/sample-quote';
import { page, sampleOrder, sampleOverview, samplePosition, sampleRules, sampleWallet } from '../../../test/sample-trading';
import { sampleUser } from '../../../test/sample-user';

/** Issue 20: Day / GTC on the order page for limit and stop types, and on the order rows. */
function signIn() {
  saveSession({ token: 'tok', user: sampleUser() });
}

const type = (name: string, value: string) => fireEvent.change(screen.getByLabelText<HTMLInputElement>(name), { target: { value } });
const submit = () => fireEvent.click(screen.getAllByRole('button', { name: 'Buy up' }).at(-1) as HTMLElement);
const chooseType = (name: string) => fireEvent.click(within(screen.getByRole('group', { name: 'Order type' })).getByRole('button', { name }));
const timeInForce = () => screen.queryByRole('group', { name: 'Time in force' });

async function orderForm() {
  signIn();
  const server = installFakeFetch({
    '/quotes/getStock': () => envelope(sampleQuote()),
    '/stocka_config/getMinCount': () => envelope(sampleRules()),
    '/wallet/getWalletBalance': () => envelope(sampleWallet()),
    '/stock/create': () => envelope(sampleOrder({ orderType: 1, status: 0, price: 180, fillPrice: null, positionId: null, timeInForce: 'GTC' })),
  });
  renderApp('/pages/payment/stock?name=Apple%20Inc&code=AAPL&source=0&direction=0');
  await screen.findByTestId('order-last-price');
  await waitFor(() => expect(screen.getByRole('button', { name: '1×' })).toBeTruthy());
  return server;
}

async function confirmAndSend(server: Awaited<ReturnType<typeof orderForm>>) {
  submit();
  const dialog = await screen.findByRole('dialog', { name: 'Confirm order' });
  const summary = dialog.textContent;
  fireEvent.click(within(dialog).getByRole('button', { name: 'Place order' }));
  await waitFor(() => expect(server.callsTo('/stock/create')).toHaveLength(1));
  return { summary, body: server.callsTo('/stock/create')[0]?.body as Record<string, unknown> };
}

describe('time in force on the order page', () => {
  it('a market order has no time in force and sends none', async () => {
    const server = await orderForm();
    expect(timeInForce()).toBeNull();
    type('Quantity', '1');
    const { summary, body } = await confirmAndSend(server);
    expect(body).not.toHaveProperty('timeInForce');
    expect(summary).not.toContain('Time in force');
  });

  it('a limit order offers Day (chosen) and GTC, explains each, and sends the choice shown in the confirm dialog', async () => {
    const server = await orderForm();
    chooseType('Limit');
    const group = timeInForce();
    expect(group).not.toBeNull();
    const day = within(group as HTMLElement).getByRole('button', { name: 'Day' });
    const gtc = within(group as HTMLElement).getByRole('button', { name: 'GTC' });
    expect(day.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('tif-hint').textContent).toBe("Expires at the close of today's trading session if not filled.");
    fireEvent.click(gtc);
    expect(gtc.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('tif-hint').textContent).toBe('Stays until filled or cancelled, at most 90 days.');
    type('Limit price', '180');
    type('Quantity', '2');
    const { summary, body } = await confirmAndSend(server);
    expect(summary).toContain('Good till cancelled');
    expect(body).toMatchObject({ orderType: 1, price: 180, quantity: 2, timeInForce: 'GTC' });
  });

  it('a stop order sends Day unless changed; back to market, the control goes away', async () => {
    const server = await orderForm();
    chooseType('Stop');
    expect(timeInForce()).not.toBeNull();
    chooseType('Market');
    expect(timeInForce()).toBeNull();
    chooseType('Stop');
    type('Trigger price', '200');
    type('Quantity', '1');
    const { summary, body } = await confirmAndSend(server);
    expect(summary).toContain('Day');
    expect(body).toMatchObject({ orderType: 2, triggerPrice: 200, timeInForce: 'DAY' });
  });
});

describe('time in force on the order rows', () => {
  it('a resting order shows its time in force and expiry; the history names Day, Good till cancelled and Expired', async () => {
    signIn();
    installFakeFetch({
      '/userCenter/getFundingOverview': () => envelope(sampleOverview()),
      '/position/me': () => envelope([samplePosition()]),
      '/position/consignList': () =>
        envelope([sampleOrder({ id: 40, orderType: 1, status: 0, price: 180, fillPrice: null, positionId: null, timeInForce: 'GTC', expiresTimestamp: 1_743_576_000 })]),
      '/wallet/getWalletBalance': () => envelope(sampleWallet()),
      '/position/water/pageList': () =>
        envelope(
          page([
            sampleOrder({ id: 42, orderType: 1, status: 2, price: 150, fillPrice: null, positionId: null, timeInForce: 'DAY', expired: true }),
            sampleOrder({ id: 41, orderType: 3, status: 0, price: 170, triggerPrice: 175, fillPrice: null, positionId: null, timeInForce: 'GTC' }),
            sampleOrder({ id: 31 }),
          ]),
        ),
      '/position/flatList': () => envelope(page([])),
    });
    renderApp('/pages/trade/index?tab=orders');
    const resting = await screen.findByRole('article', { name: 'Apple Inc AAPL' });
    expect(within(resting).getByTestId('order-tif').textContent).toMatch(/^Good till cancelled · Expires /);

    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    const rows = within(await screen.findByRole('list', { name: 'All orders' })).getAllByRole('listitem');
    expect(within(rows[0] as HTMLElement).getByTestId('order-tif').textContent).toBe('Day');
    expect(within(rows[0] as HTMLElement).getByText('Expired')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByTestId('order-tif').textContent).toBe('Good till cancelled');
    expect(within(rows[1] as HTMLElement).getByText('Stop-limit')).toBeTruthy();
    // A market order has no time in force.
    expect(within(rows[2] as HTMLElement).queryByTestId('order-tif')).toBeNull();
    expect(within(rows[2] as HTMLElement).getByText('Market')).toBeTruthy();
  });
});
