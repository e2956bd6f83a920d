import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { fundingServer, savedCard } from '../test/funding-server';

describe('withdrawing with two-factor sign-in on', () => {
  it('asks for the authenticator code and sends it as totpCode', async () => {
    const server = fundingServer();
    server.on('/userCenter/twoFactor', () => envelope({ enabled: true, pending: false, recoveryCodesLeft: 10, requiredForRole: false }));
    renderApp('/pages/withdraw/bcard');
    await screen.findByRole('radiogroup', { name: 'To bank card' });
    const code = await screen.findByLabelText('Authenticator code');
    expect(screen.getByText('Two-factor sign-in is on: a withdrawal needs a code from your app.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Amount (USD)'), { target: { value: '80' } });
    fireEvent.change(screen.getByLabelText('Transaction password'), { target: { value: '246810' } });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Enter the 6 digits your app shows')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.change(code, { target: { value: '287082' } });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm withdrawal' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(server.callsTo('/withdrawal/withdrawal-apply')).toHaveLength(1));
    expect(server.callsTo('/withdrawal/withdrawal-apply')[0]?.body).toEqual({ amount: '80', cardId: savedCard.id, payPassword: '246810', totpCode: '287082' });
  });

  it('sends no code field while two-factor sign-in is off', async () => {
    const server = fundingServer();
    server.on('/userCenter/twoFactor', () => envelope({ enabled: false, pending: false, recoveryCodesLeft: 0, requiredForRole: false }));
    renderApp('/pages/withdraw/bcard');
    await screen.findByRole('radiogroup', { name: 'To bank card' });
    await waitFor(() => expect(server.callsTo('/userCenter/twoFactor')).toHaveLength(1));
    expect(screen.queryByLabelText('Authenticator code')).toBeNull();
  });
});
