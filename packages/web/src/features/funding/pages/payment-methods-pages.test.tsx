import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { fundingServer, savedCard, savedWallet } from '../test/funding-server';

describe('payment methods', () => {
  it('lists bank cards (masked) and wallets, each with edit and delete', async () => {
    fundingServer();
    renderApp('/pages/bcard/index');
    const cards = await screen.findByRole('list', { name: 'Bank cards' });
    expect(within(cards).getByTestId('method-number').textContent).toBe('********9087');
    expect(within(cards).getByRole('link', { name: 'Edit First Harbor Bank ********9087' }).getAttribute('href')).toBe('/pages/bcard/modify?id=7');
    const wallets = screen.getByRole('list', { name: 'Digital wallets' });
    expect(within(wallets).getByTestId('method-number').textContent).toBe('TQn9Y2…KcbLSE');
    expect(within(wallets).getByRole('link', { name: /^Edit USDT TRC20/ }).getAttribute('href')).toBe('/pages/vm/modify?id=8');
  });

  it('deletes only after confirmation', async () => {
    const server = fundingServer();
    renderApp('/pages/bcard/index');
    const cards = await screen.findByRole('list', { name: 'Bank cards' });
    fireEvent.click(within(cards).getByRole('button', { name: 'Delete First Harbor Bank ********9087' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this bank card?' });
    expect(server.callsTo('/UserAccount/delete-card')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.callsTo('/UserAccount/delete-card')[0]?.body).toEqual({ id: savedCard.id }));
    expect(await screen.findByText('Deleted')).toBeTruthy();
  });

  it('adds a bank card', async () => {
    const server = fundingServer();
    const { router } = renderApp('/pages/bcard/modify');
    fireEvent.change(await screen.findByLabelText('Bank name'), { target: { value: 'First Harbor Bank' } });
    fireEvent.change(screen.getByLabelText('Account holder name'), { target: { value: 'Ada Lovelace' } });
    fireEvent.change(screen.getByLabelText('Card or account number'), { target: { value: '4000 1234 5678 9087' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.callsTo('/UserAccount/addCardNo')[0]?.body).toEqual({
        kind: 'bank',
        bankName: 'First Harbor Bank',
        accountName: 'Ada Lovelace',
        cardNumber: '4000 1234 5678 9087',
      }),
    );
    expect(await screen.findByText('Bank card saved')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/home/index'));
  });

  it('edits a card: names are kept, the masked number must be typed again', async () => {
    const server = fundingServer();
    renderApp('/pages/bcard/modify?id=7');
    expect((await screen.findByLabelText<HTMLInputElement>('Bank name')).value).toBe('First Harbor Bank');
    expect(screen.getByText('Enter the full number again (saved as ********9087).')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter the bank card number')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Card or account number'), { target: { value: '4000123456789087' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.callsTo('/UserAccount/UpdateCardNo')[0]?.body).toEqual({
        id: 7,
        kind: 'bank',
        bankName: 'First Harbor Bank',
        accountName: 'Ada Lovelace',
        cardNumber: '4000123456789087',
      }),
    );
  });

  it('checks a wallet address against the chosen network before saving', async () => {
    const server = fundingServer();
    renderApp('/pages/vm/modify');
    const address = await screen.findByLabelText('Wallet address');
    fireEvent.change(address, { target: { value: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLS' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This is not a valid TRC20 address')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'USDC' }));
    expect(screen.getByRole('button', { name: 'ERC20' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(address, { target: { value: '0x4E83362442B8d1beC281594CEa3050c8EB01311C' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.callsTo('/UserAccount/addCardNo')[0]?.body).toEqual({
        kind: 'crypto',
        currencyType: 'USDC',
        network: 'ERC20',
        address: '0x4E83362442B8d1beC281594CEa3050c8EB01311C',
      }),
    );
  });

  it('prefills a saved wallet and shows the server refusal', async () => {
    const server = fundingServer();
    server.on('/UserAccount/UpdateCardNo', () => envelope(null, 400, 'This is not a valid TRC20 address'));
    renderApp(`/pages/vm/modify?id=${savedWallet.id}`);
    expect((await screen.findByLabelText<HTMLInputElement>('Wallet address')).value).toBe(savedWallet.address);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This is not a valid TRC20 address')).toBeTruthy();
    expect(server.callsTo('/UserAccount/UpdateCardNo')[0]?.body).toMatchObject({ id: savedWallet.id, network: 'TRC20' });
  });
});
