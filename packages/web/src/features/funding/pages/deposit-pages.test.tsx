import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { imageFile, installFakeUpload } from '../../../test/fake-upload';
import { fundingServer, sampleDeposit, sampleWithdrawal } from '../test/funding-server';
import { decodeQrSvg } from '../../../test/decode-qr';

const amount = () => screen.getByLabelText<HTMLInputElement>('Amount (USD)');
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit deposit' }));
const pickCredential = (file: File) => fireEvent.change(screen.getByLabelText('Payment screenshot'), { target: { files: [file] } });

describe('deposit index', () => {
  it('shows the funding balance and the channels by kind, each leading to its page', async () => {
    fundingServer();
    const { router } = renderApp('/pages/deposit/index');
    const bank = await screen.findByRole('navigation', { name: 'Bank transfer' });
    expect(within(bank).getByRole('link', { name: /Bank transfer \(USD\)/ }).getAttribute('href')).toBe('/pages/deposit/fiat?id=1');
    const crypto = screen.getByRole('navigation', { name: 'Digital currency' });
    expect(within(crypto).getByText('TRC20 network · credited in USD · minimum 1 USDT')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('deposit-balance').textContent).toBe('$1,200.00'));
    fireEvent.click(within(crypto).getByRole('link', { name: /USDT \(TRC20\)/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/deposit/wallet'));
    expect(await screen.findByTestId('deposit-address')).toBeTruthy();
  });
});

describe('fiat deposit', () => {
  it('shows the bank details to copy', async () => {
    fundingServer();
    renderApp('/pages/deposit/fiat?id=1');
    expect((await screen.findByTestId('deposit-account-number')).textContent).toBe('0004 5521 9087');
    expect(screen.getByRole('button', { name: 'Copy Account number' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy SWIFT / BIC' })).toBeTruthy();
    expect(screen.getByText('First Harbor Bank')).toBeTruthy();
  });

  it('validates the amount: required, above 0, at most 2 decimals, at least the minimum of 1', async () => {
    const server = fundingServer();
    installFakeUpload();
    renderApp('/pages/deposit/fiat?id=1');
    await screen.findByLabelText('Amount (USD)');
    const cases: [string, string][] = [
      ['', 'Please enter the amount'],
      ['0', 'Please enter a correct amount'],
      ['12.345', 'The amount can have at most 2 decimals'],
      ['0.5', 'The minimum deposit is 1 USD'],
    ];
    for (const [typed, message] of cases) {
      fireEvent.change(amount(), { target: { value: typed } });
      submit();
      const field = amount().closest('.field') as HTMLElement;
      expect(within(field).getByRole('alert').textContent).toBe(message);
    }
    expect(server.callsTo('/recharge/create')).toHaveLength(0);
  });

  it('asks for the credential screenshot before submitting', async () => {
    const server = fundingServer();
    installFakeUpload();
    renderApp('/pages/deposit/fiat?id=1');
    fireEvent.change(await screen.findByLabelText('Amount (USD)'), { target: { value: '250' } });
    submit();
    expect(await screen.findByText('Please upload your credentials first')).toBeTruthy();
    expect(server.callsTo('/recharge/create')).toHaveLength(0);
  });

  it('refuses an image above 5 MB with "The size cannot exceed 5M" and uploads nothing', async () => {
    fundingServer();
    const upload = installFakeUpload();
    renderApp('/pages/deposit/fiat?id=1');
    await screen.findByLabelText('Amount (USD)');
    pickCredential(imageFile('huge.png', 5 * 1024 * 1024 + 1));
    expect(await screen.findByText('The size cannot exceed 5M')).toBeTruthy();
    expect(upload.uploads()).toHaveLength(0);
  });

  it('uploads the screenshot, then reports the deposit with an Idempotency-Key and opens the records', async () => {
    const server = fundingServer({ deposits: [sampleDeposit({ id: 12 })] });
    const upload = installFakeUpload();
    const { router } = renderApp('/pages/deposit/fiat?id=1');
    fireEvent.change(await screen.findByLabelText('Amount (USD)'), { target: { value: '250.50' } });
    pickCredential(imageFile('receipt.png'));
    expect(await screen.findByRole('img', { name: 'Payment screenshot' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    const sent = upload.uploads()[0];
    expect(sent?.url).toBe('/file/upload');
    expect(sent?.headers.Authorization).toBe('tok');
    expect(sent?.file?.name).toBe('receipt.png');

    submit();
    await waitFor(() => expect(server.callsTo('/recharge/create')).toHaveLength(1));
    const call = server.callsTo('/recharge/create')[0];
    expect(call?.body).toEqual({ channelId: 1, amount: '250.50', credentialUrl: `/file/${'1'.padStart(32, '0')}.jpg` });
    expect(call?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/deposit/record'));
    expect(await screen.findByText('Deposit submitted for review')).toBeTruthy();
  });

  it('holds the submit while the screenshot is still going up', async () => {
    const server = fundingServer();
    const upload = installFakeUpload(undefined, { holdUploads: true });
    renderApp('/pages/deposit/fiat?id=1');
    fireEvent.change(await screen.findByLabelText('Amount (USD)'), { target: { value: '40' } });
    pickCredential(imageFile('receipt.png'));
    await screen.findByRole('progressbar');
    // While loading the button shows a spinner in place of its label.
    const button = () => document.querySelector<HTMLButtonElement>('form button[type="submit"]');
    expect(button()?.disabled).toBe(true);
    if (button()) fireEvent.click(button()!);
    expect(server.callsTo('/recharge/create')).toHaveLength(0);
    expect(screen.queryByText('Please upload your credentials first')).toBeNull();

    act(() => upload.finishUploads());
    await waitFor(() => expect(button()?.disabled).toBe(false));
    submit();
    await waitFor(() => expect(server.callsTo('/recharge/create')).toHaveLength(1));
  });

  it('shows the server refusal as a toast', async () => {
    const server = fundingServer();
    installFakeUpload();
    server.on('/recharge/create', () => envelope(null, 400, 'Upload the image first, then submit it'));
    renderApp('/pages/deposit/fiat?id=1');
    fireEvent.change(await screen.findByLabelText('Amount (USD)'), { target: { value: '10' } });
    pickCredential(imageFile());
    await screen.findByRole('img', { name: 'Payment screenshot' });
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    submit();
    expect(await screen.findByText('Upload the image first, then submit it')).toBeTruthy();
  });
});

describe('crypto deposit', () => {
  it('shows the address, the network warning and the 3 confirmations', async () => {
    fundingServer();
    renderApp('/pages/deposit/wallet');
    expect((await screen.findByTestId('deposit-address')).textContent).toBe('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
    expect(screen.getByText('Send only USDT on the TRC20 network to this address. Other coins or networks cannot be recovered.')).toBeTruthy();
    expect(screen.getByText('Credited after 3 network confirmations.')).toBeTruthy();
    expect(screen.getByLabelText('Amount (USDT)')).toBeTruthy();
  });

  it('draws the address as a QR code that a wallet app reads back as the address, named after it', async () => {
    fundingServer();
    renderApp('/pages/deposit/wallet');
    const address = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
    const qr = await screen.findByRole('img', { name: `QR code of the address ${address}` });
    expect(decodeQrSvg(qr)).toBe(address);
    // Dark modules on a white square (the quiet zone inside it), whatever the theme.
    expect(qr.querySelector('rect')?.getAttribute('fill')).toBe('#fff');
    expect(qr.querySelector('path')?.getAttribute('fill')).toBe('#000');
    expect(screen.getByText('Scan it with your wallet app to fill in the address.')).toBeTruthy();
  });
});

describe('records', () => {
  it('lists deposits with their review status and the reason of a refusal', async () => {
    fundingServer({
      deposits: [
        sampleDeposit({ id: 3, status: 2, reason: 'The screenshot does not show the amount' }),
        sampleDeposit({ id: 2, status: 3, amount: 100 }),
        sampleDeposit({ id: 1, status: 1 }),
      ],
    });
    installFakeUpload();
    renderApp('/pages/deposit/record');
    const list = await screen.findByRole('list', { name: 'Deposits' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Deposit records');
    const [failed, passed, pending] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(failed).getByText('Review failed')).toBeTruthy();
    expect(within(failed).getByText('Reason: The screenshot does not show the amount')).toBeTruthy();
    expect(within(passed).getByText('Review passed')).toBeTruthy();
    expect(within(passed).getByTestId('record-amount').textContent).toBe('+$100.00');
    expect(within(pending).getByText('Pending review')).toBeTruthy();

    fireEvent.click(within(pending).getByRole('button', { name: 'Show screenshot' }));
    expect(await within(pending).findByRole('img', { name: 'Payment screenshot' })).toBeTruthy();
  });

  it('lists withdrawals on their tab', async () => {
    fundingServer({ withdrawals: [sampleWithdrawal({ status: 2, reason: 'Name does not match' })] });
    renderApp('/pages/deposit/record?tab=withdrawals');
    const list = await screen.findByRole('list', { name: 'Withdrawals' });
    expect(within(list).getByText('First Harbor Bank ****9087')).toBeTruthy();
    expect(within(list).getByText('Review failed')).toBeTruthy();
    expect(within(list).getByText('Reason: Name does not match')).toBeTruthy();
    // Refused money never left (issue 20): it reads as returned, not as "-$80.00".
    expect(within(list).getByTestId('record-amount').textContent).toBe('$80.00');
    expect(within(list).getByText('$80.00 returned to your balance')).toBeTruthy();
  });

  it('titles each tab by its records: withdrawals are not "Deposit records" (issue 20)', async () => {
    fundingServer({ deposits: [sampleDeposit({ id: 1, status: 1 })], withdrawals: [sampleWithdrawal({ status: 1 })] });
    renderApp('/pages/deposit/record?tab=withdrawals');
    await screen.findByRole('list', { name: 'Withdrawals' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Withdrawal records');

    fireEvent.click(screen.getByRole('button', { name: 'Deposits' }));
    await screen.findByRole('list', { name: 'Deposits' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Deposit records');
  });
});
