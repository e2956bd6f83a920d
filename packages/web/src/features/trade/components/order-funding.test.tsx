import type { FundingPlan } from '@tradewind/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shortfallToFund } from '../../../components/buying-power/fund-from-wallets';
import { saveSession } from '../../../lib/session/session-store';
import { envelope, installFakeFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { sampleQuote } from '../../../test/sample-quote';
import { sampleOrder, sampleRules, sampleWallet } from '../../../test/sample-trading';
import { sampleUser } from '../../../test/sample-user';

const stockOrderPath = '/pages/payment/stock?name=Apple%20Inc&code=AAPL&source=0&direction=0';

/** Funding has plenty; the plan asks the amount the page computed and answers it back at rate 1. */
function plan(amount: number, available = 25_000): FundingPlan {
  return { toWallet: 'STOCK', toCurrency: 'USD', amount, sources: [{ fromWallet: 'BALANCE', currency: 'USD', available, amount, rate: 1, enough: available >= amount }] };
}

function shortServer(sources: 'funding' | 'none' = 'funding') {
  saveSession({ token: 'tok', user: sampleUser() });
  const server = installFakeFetch({
    '/quotes/getStock': () => envelope(sampleQuote()),
    '/stocka_config/getMinCount': () => envelope(sampleRules()),
    // After a $25,000 deposit: nothing in the Stock wallet.
    '/wallet/getWalletBalance': () => envelope(sampleWallet({ balance: 0, available: 0 })),
    '/wallet/fundingPlan': (call) => {
      const amount = Number((call.body as { amount: string }).amount);
      return envelope(sources === 'none' ? { ...plan(amount), sources: [] } : plan(amount));
    },
    '/wallet/fundAndPlace': (call) => {
      const body = call.body as { transfer: { amount: string } };
      return envelope({
        transfer: { id: 7, status: 'settled', fromWallet: 'BALANCE', toWallet: 'STOCK', currency: 'USD', amount: Number(body.transfer.amount), toCurrency: 'USD', toAmount: Number(body.transfer.amount), rate: 1, createTimeTimestamp: 1, settleTimeTimestamp: 1 },
        order: sampleOrder(),
      });
    },
  });
  return server;
}

const quantityInput = () => screen.getByLabelText<HTMLInputElement>('Quantity');

describe('shortfallToFund', () => {
  it('is the cost less what is available, in cents rounded up, plus 1% for a market order', () => {
    expect(shortfallToFund(100, 100, true)).toBeUndefined();
    expect(shortfallToFund(189.32, 0, false)).toBe('189.32');
    expect(shortfallToFund(189.32, 0, true)).toBe('191.22');
    expect(shortfallToFund(379.64, 10.005, false)).toBe('369.64');
  });
});

describe('order page: transfer from Funding and place the order in one step', () => {
  it('says what other wallets hold, confirms, and sends the transfer and the order with a key each', async () => {
    const server = shortServer();
    const { router } = renderApp(stockOrderPath);
    await screen.findByTestId('order-last-price');
    fireEvent.change(quantityInput(), { target: { value: '1' } });

    // $189.32 + the $1.00 minimum fee = $190.32 short; the offer adds 1% for the price moving: $192.23.
    const card = await screen.findByTestId('fund-from-wallets');
    await waitFor(() => expect(within(card).getByText('The Stock wallet is $190.32 short for this.')).toBeTruthy());
    expect(within(card).getByText('Funding wallet')).toBeTruthy();
    expect(within(card).getByText('$25,000.00')).toBeTruthy();
    const offer = await within(card).findByRole('button', { name: 'Transfer $192.23 from the Funding wallet and place the order' });
    fireEvent.click(offer);

    const dialog = await screen.findByRole('dialog', { name: 'Transfer and place in one step' });
    expect(within(dialog).getByText('Transfer $192.23 from the Funding wallet to the Stock wallet')).toBeTruthy();
    expect(within(dialog).getByText('Buy up 1 × Apple Inc')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Transfer and place' }));

    await waitFor(() => expect(router.state.location.search).toBe('?tab=positions'));
    const [call] = server.callsTo('/wallet/fundAndPlace');
    const body = call?.body as { transfer: Record<string, string>; action: { kind: string; body: Record<string, unknown>; idempotencyKey: string } };
    expect(body.transfer).toMatchObject({ fromWallet: 'BALANCE', currency: 'USD', amount: '192.23' });
    expect(body.action).toMatchObject({ kind: 'stock', body: { stockCode: 'AAPL', source: 0, direction: 0, orderType: 0, quantity: 1, leverage: 1 } });
    expect(body.transfer.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.action.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.transfer.idempotencyKey).not.toBe(body.action.idempotencyKey);
    expect(server.callsTo('/stock/create')).toHaveLength(0);
  });

  it('a refusal says the money did not move; a lost answer is retried under the same keys', async () => {
    const server = shortServer();
    renderApp(stockOrderPath);
    await screen.findByTestId('order-last-price');
    fireEvent.change(quantityInput(), { target: { value: '1' } });
    const offer = await screen.findByTestId('fund-and-place');

    const place = async () => {
      fireEvent.click(offer);
      const dialog = await screen.findByRole('dialog', { name: 'Transfer and place in one step' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Transfer and place' }));
      // The dialog closes after the transfer and the order both answer: more than waitFor's 1 s on a loaded machine.
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });
    };
    const keys = (n: number) => {
      const body = server.callsTo('/wallet/fundAndPlace')[n]?.body as { transfer: { idempotencyKey: string }; action: { idempotencyKey: string } };
      return [body.transfer.idempotencyKey, body.action.idempotencyKey];
    };

    server.on('/wallet/fundAndPlace', () => 'network-error');
    await place();
    // Without an answer nobody knows whether it happened: no claim that the money did not move.
    expect(screen.queryByText(/Nothing was moved/)).toBeNull();
    await place();
    expect(keys(1)).toEqual(keys(0));

    server.on('/wallet/fundAndPlace', () => envelope(null, 400, 'The market for AAPL is closed now'));
    await place();
    expect(await screen.findByTestId('fund-refusal')).toHaveProperty(
      'textContent',
      'Not placed: The market for AAPL is closed now. Nothing was moved; the money is still in the Funding wallet.',
    );
    await place();
    // The refusal rolled both back on the server: the next attempt is a new action with new keys.
    expect(keys(3)[0]).not.toBe(keys(2)[0]);
    expect(keys(3)[1]).not.toBe(keys(2)[1]);
  });

  it('checks the form first: an invalid quantity opens nothing and sends nothing', async () => {
    const server = shortServer();
    renderApp(stockOrderPath);
    await screen.findByTestId('order-last-price');
    fireEvent.change(quantityInput(), { target: { value: '2.5' } });
    fireEvent.click(await screen.findByTestId('fund-and-place'));
    expect((await screen.findByRole('alert')).textContent).toBe('The quantity must be a whole number');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.callsTo('/wallet/fundAndPlace')).toHaveLength(0);
  });

  it('without money elsewhere, says so and leads to a deposit', async () => {
    shortServer('none');
    renderApp(stockOrderPath);
    await screen.findByTestId('order-last-price');
    fireEvent.change(quantityInput(), { target: { value: '1' } });
    expect(await screen.findByText(/No other wallet has money available\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Deposit' }).getAttribute('href')).toContain('/pages/deposit/index');
    expect(screen.queryByTestId('fund-and-place')).toBeNull();
  });
});
