import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session/session-store';
import { envelope, installFakeFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { page, sampleTransfer, sampleWallet } from '../../../test/sample-trading';
import { sampleUser } from '../../../test/sample-user';

function transferServer(transfers = [sampleTransfer({ id: 5, status: 'settled' }), sampleTransfer({ id: 6, status: 'pending', amount: 40, toAmount: 40 })]) {
  saveSession({ token: 'tok', user: sampleUser() });
  return installFakeFetch({
    '/wallet/getWalletBalance': (call) => {
      const body = call.body as { walletType: 'BALANCE'; currency: 'USD' | 'EUR' };
      return envelope(sampleWallet({ walletType: body.walletType, currency: body.currency, balance: 5000, available: 4960, frozen: 40 }));
    },
    '/wallet/transferList': () => envelope(page(transfers)),
    '/wallet/transfer': () =>
      envelope(sampleTransfer({ id: 9, currency: 'EUR', amount: 100, toCurrency: 'USD', toAmount: 117.05, rate: 1.1705, settleTimeTimestamp: 1_735_800_030 })),
    '/wallet/cancelTransfer': () => envelope(sampleTransfer({ id: 6, status: 'cancelled' })),
  });
}

const amount = () => screen.getByLabelText<HTMLInputElement>(/^Amount/);
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));

describe('transfer page', () => {
  it('offers the seven wallets and shows what the source wallet has available', async () => {
    const server = transferServer();
    renderApp('/pages/profile/transfer');
    const from = await screen.findByLabelText<HTMLSelectElement>('From');
    expect(Array.from(from.options).map((option) => option.textContent)).toEqual([
      'Funding wallet',
      'Follow wallet',
      'Futures wallet',
      'Stock wallet',
      'IPO wallet',
      'Forex wallet',
      'Taiwan stock wallet',
    ]);
    expect(from.value).toBe('BALANCE');
    expect(screen.getByLabelText<HTMLSelectElement>('To').value).toBe('STOCK');
    await waitFor(() => expect(screen.getByTestId('transfer-available').textContent).toBe('Available: $4,960.00'));
    expect(server.callsTo('/wallet/getWalletBalance')[0]?.body).toEqual({ walletType: 'BALANCE', currency: 'USD' });

    // The funding wallet holds USD and EUR: the currency can be picked; the TW wallet holds NT$ only.
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'EUR' } });
    await waitFor(() => expect(screen.getByTestId('transfer-available').textContent).toBe('Available: €4,960.00'));
    fireEvent.change(from, { target: { value: 'TW' } });
    expect(screen.queryByLabelText('Currency')).toBeNull();
    expect(screen.getByLabelText('Amount (TWD)')).toBeTruthy();
  });

  it('never lets both sides be the same wallet', async () => {
    transferServer();
    renderApp('/pages/profile/transfer');
    const from = await screen.findByLabelText<HTMLSelectElement>('From');
    fireEvent.change(from, { target: { value: 'STOCK' } });
    expect(screen.getByLabelText<HTMLSelectElement>('To').value).toBe('BALANCE');
    fireEvent.click(screen.getByRole('button', { name: 'Swap wallets' }));
    expect(from.value).toBe('BALANCE');
    expect(screen.getByLabelText<HTMLSelectElement>('To').value).toBe('STOCK');
  });

  it('validates the amount: above 0, at most 2 decimals (SPEC §5)', async () => {
    const server = transferServer();
    renderApp('/pages/profile/transfer');
    await screen.findByLabelText('From');
    for (const bad of ['', '0', '-5', '12.345', 'abc']) {
      fireEvent.change(amount(), { target: { value: bad } });
      submit();
      expect((await screen.findByRole('alert')).textContent).toBe('Please enter a correct amount');
    }
    expect(server.callsTo('/wallet/transfer')).toHaveLength(0);
  });

  it('transfers with an Idempotency-Key and shows the rate and what arrives', async () => {
    const server = transferServer();
    renderApp('/pages/profile/transfer');
    await screen.findByLabelText('From');
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'EUR' } });
    fireEvent.change(amount(), { target: { value: '100' } });
    submit();

    const result = await screen.findByRole('status', { name: 'Transfer result' });
    expect(result.textContent).toContain('€100.00 → $117.05 to your Stock wallet');
    expect(result.textContent).toContain('Rate 1.1705');
    const call = server.callsTo('/wallet/transfer')[0];
    expect(call?.body).toEqual({ fromWallet: 'BALANCE', toWallet: 'STOCK', amount: '100', currency: 'EUR' });
    expect(call?.headers['Idempotency-Key']).toBeTruthy();
    expect(amount().value).toBe('');
  });

  it('shows the server refusal of a transfer', async () => {
    const server = transferServer();
    server.on('/wallet/transfer', () => envelope(null, 400, 'Insufficient funds'));
    renderApp('/pages/profile/transfer');
    await screen.findByLabelText('From');
    fireEvent.change(amount(), { target: { value: '99999' } });
    submit();
    expect(await screen.findByText('Insufficient funds')).toBeTruthy();
  });

  it('lists recent transfers; only a pending one can be cancelled, after confirmation', async () => {
    const server = transferServer();
    renderApp('/pages/profile/transfer');
    const list = await screen.findByRole('list', { name: 'Recent transfers' });
    const [settled, pending] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(settled).getByText('Settled')).toBeTruthy();
    expect(within(settled).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(within(pending).getByText('Pending')).toBeTruthy();
    expect(within(pending).getByText('$40.00')).toBeTruthy();

    fireEvent.click(within(pending).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this transfer?' });
    expect(within(dialog).getByText('$40.00 from Funding wallet to Stock wallet will return to Funding wallet.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel transfer' }));
    await waitFor(() => expect(server.callsTo('/wallet/cancelTransfer')[0]?.body).toEqual({ id: 6 }));
    expect(await screen.findByText('Transfer cancelled')).toBeTruthy();
  });
});
