import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, installFakeFetch } from '../../test/fake-fetch';
import { renderAdmin, signIn } from '../test/render-admin';
import { page, sampleWithdrawal } from '../test/samples';

/* Issue 20: the queue names the user; the pay-out screen reveals the full destination on demand (audited server-side). */

const pending = sampleWithdrawal({ id: 21, applicant: { email: 'ada@example.com', name: 'Ada Lovelace' } });
const cancelled = sampleWithdrawal({ id: 20, status: 4, applicant: { email: 'bob@example.com', name: '' } });

function setUp() {
  const admin = signIn();
  return installFakeFetch({
    '/api/user/info': () => envelope(admin),
    '/admin/withdrawals': () => envelope(page([pending, cancelled])),
    '/admin/withdrawals/21/destination': () =>
      envelope({ withdrawalId: 21, kind: 'bank', bankName: 'First Harbor Bank', accountName: 'Ada Lovelace', cardNumber: '4111111111111234', currencyType: null, network: null, address: null }),
  });
}

describe('withdrawal queue', () => {
  it('names each user by e-mail and name, and shows a cancelled withdrawal as such', async () => {
    setUp();
    renderAdmin('/admin/withdrawals');
    const table = await screen.findByRole('table', { name: 'Withdrawals' });
    expect(within(table).getByText('ada@example.com')).toBeTruthy();
    expect(within(table).getByText('· Ada Lovelace')).toBeTruthy();
    expect(within(table).getByText('· no name yet')).toBeTruthy();
    expect(within(table).getByText('Cancelled by the user')).toBeTruthy();
    expect(within(table).queryByText('User #7')).toBeNull();
  });

  it('reveals the full destination only when asked, once per ask', async () => {
    const server = setUp();
    renderAdmin('/admin/withdrawals');
    fireEvent.click(await screen.findByRole('row', { name: 'Withdrawal #21' }));
    const drawer = await screen.findByRole('dialog', { name: 'Withdrawal #21' });
    expect(within(drawer).getByText('First Harbor Bank ********1234')).toBeTruthy();
    expect(server.callsTo('/admin/withdrawals/21/destination')).toHaveLength(0);
    expect(within(drawer).getByText('Viewing the full destination is recorded in the audit log.')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Show full destination' }));
    const destination = await within(drawer).findByRole('region', { name: 'Pay out to' });
    expect(within(destination).getByText('4111111111111234')).toBeTruthy();
    expect(within(destination).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(destination).getByText('Bank transfer')).toBeTruthy();
    await waitFor(() => expect(server.callsTo('/admin/withdrawals/21/destination')).toHaveLength(1));
  });
});
