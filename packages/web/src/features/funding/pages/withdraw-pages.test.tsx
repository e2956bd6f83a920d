import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { fundingServer, savedCard } from '../test/funding-server';

const withdraw = () => fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));

async function confirm() {
  const dialog = await screen.findByRole('dialog', { name: 'Confirm withdrawal' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
}

describe('withdraw to a saved bank card', () => {
  it('shows what can be withdrawn, preselects the card, and fills "All"', async () => {
    fundingServer();
    renderApp('/pages/withdraw/bcard');
    const cards = await screen.findByRole('radiogroup', { name: 'To bank card' });
    const card = within(cards).getByRole('radio', { name: /First Harbor Bank/ });
    expect(card.getAttribute('aria-checked')).toBe('true');
    // Only bank cards here; the wallet belongs to /pages/withdraw/vm.
    expect(within(cards).getAllByRole('radio')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('withdraw-available').textContent).toBe('$1,200.00'));
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getByLabelText<HTMLInputElement>('Amount (USD)').value).toBe('1200.00');
  });

  it('sends the amount, the card, the pay password and an Idempotency-Key after confirmation', async () => {
    const server = fundingServer();
    const { router } = renderApp('/pages/withdraw/bcard');
    await screen.findByRole('radiogroup', { name: 'To bank card' });
    fireEvent.change(screen.getByLabelText('Amount (USD)'), { target: { value: '80' } });
    fireEvent.change(screen.getByLabelText('Transaction password'), { target: { value: '246810' } });
    withdraw();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm withdrawal' });
    expect(within(dialog).getByText('$80.00')).toBeTruthy();
    expect(within(dialog).getByText('To First Harbor Bank ********9087')).toBeTruthy();
    await confirm();

    await waitFor(() => expect(server.callsTo('/withdrawal/withdrawal-apply')).toHaveLength(1));
    const call = server.callsTo('/withdrawal/withdrawal-apply')[0];
    expect(call?.body).toEqual({ amount: '80', cardId: savedCard.id, payPassword: '246810' });
    expect(call?.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await waitFor(() => expect(router.state.location.search).toBe('?tab=withdrawals'));
    expect(router.state.location.pathname).toBe('/pages/deposit/record');
  });

  it('asks for the pay password and keeps the amount within what is available', async () => {
    const server = fundingServer();
    renderApp('/pages/withdraw/bcard');
    await screen.findByRole('radiogroup', { name: 'To bank card' });
    await waitFor(() => expect(screen.getByTestId('withdraw-available').textContent).toBe('$1,200.00'));
    fireEvent.change(screen.getByLabelText('Amount (USD)'), { target: { value: '1200.01' } });
    withdraw();
    expect(await screen.findByText('You can withdraw at most $1,200.00')).toBeTruthy();
    expect(screen.getByText('Please enter your transaction password')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.callsTo('/withdrawal/withdrawal-apply')).toHaveLength(0);
  });

  it('reuses the key when the same withdrawal is sent again after a failure, and shows the server message', async () => {
    const server = fundingServer();
    server.on('/withdrawal/withdrawal-apply', () => envelope(null, 400, 'The current transaction password is incorrect'));
    renderApp('/pages/withdraw/bcard');
    await screen.findByRole('radiogroup', { name: 'To bank card' });
    fireEvent.change(screen.getByLabelText('Amount (USD)'), { target: { value: '80' } });
    fireEvent.change(screen.getByLabelText('Transaction password'), { target: { value: '000000' } });
    withdraw();
    await confirm();
    expect(await screen.findByText('The current transaction password is incorrect')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    withdraw();
    await confirm();
    await waitFor(() => expect(server.callsTo('/withdrawal/withdrawal-apply')).toHaveLength(2));
    const [first, second] = server.callsTo('/withdrawal/withdrawal-apply');
    expect(second?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);
  });

  it('offers to set a transaction password when there is none', async () => {
    fundingServer({ user: { payPasswordSet: false } });
    renderApp('/pages/withdraw/bcard');
    const notice = await screen.findByText('Set a transaction password first.');
    const link = within(notice.parentElement as HTMLElement).getByRole('link', { name: 'Set it now' });
    expect(link.getAttribute('href')).toBe('/pages/setting/paypwd');
  });

  it('leads to adding a card when none is saved', async () => {
    fundingServer({ methods: [] });
    renderApp('/pages/withdraw/bcard');
    expect(await screen.findByText('You have not saved a bank card yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add bank card' }).getAttribute('href')).toBe('/pages/bcard/modify');
  });
});

describe('withdraw to a saved wallet', () => {
  it('lists only wallets', async () => {
    fundingServer();
    renderApp('/pages/withdraw/vm');
    const wallets = await screen.findByRole('radiogroup', { name: 'To wallet' });
    expect(within(wallets).getByRole('radio', { name: /USDT · TRC20/ })).toBeTruthy();
    expect(within(wallets).getAllByRole('radio')).toHaveLength(1);
  });
});

describe('withdraw to another destination', () => {
  it('checks the address against its network before anything is sent', async () => {
    const server = fundingServer();
    renderApp('/pages/withdraw/other');
    fireEvent.click(await screen.findByRole('button', { name: 'Digital wallet' }));
    fireEvent.change(screen.getByLabelText('Wallet address'), { target: { value: '0x4E83362442B8d1beC281594CEa3050c8EB01311C' } });
    fireEvent.change(screen.getByLabelText('Amount (USD)'), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText('Transaction password'), { target: { value: '246810' } });
    withdraw();
    expect(await screen.findByText('This is not a valid TRC20 address')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'ERC20' }));
    withdraw();
    await confirm();
    await waitFor(() => expect(server.callsTo('/withdrawal/other-withdrawal-apply')).toHaveLength(1));
    const call = server.callsTo('/withdrawal/other-withdrawal-apply')[0];
    expect(call?.body).toEqual({
      amount: '50',
      payPassword: '246810',
      method: { kind: 'crypto', currencyType: 'USDT', network: 'ERC20', address: '0x4E83362442B8d1beC281594CEa3050c8EB01311C' },
    });
    expect(call?.headers['Idempotency-Key']).toBeTruthy();
  });

  it('names every missing bank field', async () => {
    fundingServer();
    renderApp('/pages/withdraw/other');
    await screen.findByLabelText('Bank name');
    withdraw();
    expect(await screen.findByText('Please enter the bank name')).toBeTruthy();
    expect(screen.getByText('Please enter the bank account name')).toBeTruthy();
    expect(screen.getByText('Please enter the bank card number')).toBeTruthy();
  });
});
