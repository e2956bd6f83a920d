import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, installFakeFetch } from '../../test/fake-fetch';
import { installFakeXhr } from '../test/fake-xhr';
import { renderAdmin, signIn } from '../test/render-admin';
import { FILE_A, page, queryOf, sampleDeposit } from '../test/samples';

const channels = [
  { id: 1, type: 'fiat', name: 'Bank transfer (USD)', currency: 'USD', asset: 'USD', network: null, address: null, bankName: 'B', accountName: 'A', accountNumber: '1', swift: 'S', minAmount: 1 },
  { id: 3, type: 'crypto', name: 'USDT (TRC20)', currency: 'USD', asset: 'USDT', network: 'TRC20', address: 'T1', bankName: null, accountName: null, accountNumber: null, swift: null, minAmount: 1 },
];

const bank = sampleDeposit({ id: 11, channelId: 1, channelName: 'Bank transfer (USD)', amount: 250 });
const usdt = sampleDeposit({ id: 12, channelId: 3, channelName: 'USDT (TRC20)', amount: 120, userId: 8 });
const approved = sampleDeposit({ id: 9, status: 3, amount: 40, reviewTimeTimestamp: 1_767_230_000 });

function setUp() {
  const admin = signIn();
  const server = installFakeFetch({
    '/api/user/info': () => envelope(admin),
    '/recharge/currency/selectList': () => envelope(channels),
    '/admin/deposits': (call) => envelope(queryOf(call.url).get('status') === '3' ? page([approved]) : page([usdt, bank])),
  });
  const files = installFakeXhr({ [FILE_A]: {} });
  return { server, files };
}

async function openDeposit(name: string) {
  fireEvent.click(await screen.findByRole('row', { name }));
  return screen.findByRole('dialog', { name });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('deposit queue', () => {
  it('lists the pending deposits and filters by status', async () => {
    const { server } = setUp();
    renderAdmin('/admin/deposits');

    const table = await screen.findByRole('table', { name: 'Deposits' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('250.00 USD')).toBeTruthy();
    expect(within(table).getByText('USDT (TRC20)')).toBeTruthy();
    expect(queryOf(server.callsTo('/admin/deposits')[0]?.url ?? '').get('status')).toBe('1');
    expect(screen.getByRole('button', { name: 'Pending' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Approved' }));

    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Deposits' })).getByText('40.00 USD')).toBeTruthy());
    expect(queryOf(server.callsTo('/admin/deposits').at(-1)?.url ?? '').get('status')).toBe('3');
    expect(screen.queryByText('250.00 USD')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(queryOf(server.callsTo('/admin/deposits').at(-1)?.url ?? '').has('status')).toBe(false));
  });

  it('asks for the confirmations of a crypto deposit and sends them with the approval', async () => {
    const { server } = setUp();
    server.on('/admin/deposits/12/approve', () => envelope({ ...usdt, status: 3, confirmations: 6 }));
    renderAdmin('/admin/deposits');

    const detail = await openDeposit('Deposit #12');
    fireEvent.click(within(detail).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve deposit #12?' });
    expect(within(dialog).getByText('120.00 USD will be credited to the funding wallet of user #8.')).toBeTruthy();
    const confirmations = within(dialog).getByLabelText('Network confirmations seen');

    fireEvent.change(confirmations, { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Enter a whole number of at least 3.')).toBeTruthy();
    expect(server.callsTo('/admin/deposits/12/approve')).toHaveLength(0);

    const listCalls = server.callsTo('/admin/deposits').length;
    fireEvent.change(confirmations, { target: { value: '6' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(server.callsTo('/admin/deposits/12/approve')).toHaveLength(1));
    expect(server.callsTo('/admin/deposits/12/approve')[0]).toMatchObject({ method: 'POST', body: { confirmations: 6 } });
    // The queue is asked again (its query key was invalidated) and the panel closes.
    await waitFor(() => expect(server.callsTo('/admin/deposits').length).toBeGreaterThan(listCalls));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('approves a bank deposit without confirmations', async () => {
    const { server } = setUp();
    server.on('/admin/deposits/11/approve', () => envelope({ ...bank, status: 3 }));
    renderAdmin('/admin/deposits');

    const detail = await openDeposit('Deposit #11');
    fireEvent.click(within(detail).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve deposit #11?' });
    expect(within(dialog).queryByLabelText('Network confirmations seen')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(server.callsTo('/admin/deposits/11/approve')).toHaveLength(1));
    expect(server.callsTo('/admin/deposits/11/approve')[0]?.body).toEqual({});
  });
});

describe('deposit queue: rejections, refusals and payment proofs', () => {
  it('will not reject without a reason, then sends the reason', async () => {
    const { server } = setUp();
    server.on('/admin/deposits/11/reject', () => envelope({ ...bank, status: 2, reason: 'Receipt unreadable' }));
    renderAdmin('/admin/deposits');

    const detail = await openDeposit('Deposit #11');
    fireEvent.click(within(detail).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject deposit #11?' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Enter a reason of at least 2 characters.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason (the user will see it)'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(server.callsTo('/admin/deposits/11/reject')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Reason (the user will see it)'), { target: { value: ' Receipt unreadable ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));

    await waitFor(() => expect(server.callsTo('/admin/deposits/11/reject')).toHaveLength(1));
    expect(server.callsTo('/admin/deposits/11/reject')[0]?.body).toEqual({ reason: 'Receipt unreadable' });
  });

  it('shows the server refusal inside the dialog and keeps it open', async () => {
    const { server } = setUp();
    server.on('/admin/deposits/11/approve', () => envelope(null, 409, 'This request has already been reviewed'));
    renderAdmin('/admin/deposits');

    const detail = await openDeposit('Deposit #11');
    fireEvent.click(within(detail).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve deposit #11?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'This request has already been reviewed');
    expect(screen.getByRole('dialog', { name: 'Approve deposit #11?' })).toBeTruthy();
  });

  it('fetches the payment proof with the session token and frees its object URL when closed', async () => {
    const { files } = setUp();
    renderAdmin('/admin/deposits');

    const detail = await openDeposit('Deposit #11');
    const image = await within(detail).findByRole('img', { name: 'Payment proof' });
    expect(image.getAttribute('src')).toBe('blob:http://app.test/1');
    expect(files.calls).toEqual([{ method: 'GET', url: FILE_A, headers: { Authorization: 'admin-token', accept: 'image/*' } }]);

    fireEvent.click(within(detail).getByRole('button', { name: 'Open Payment proof full size' }));
    const viewer = await screen.findByRole('dialog', { name: 'Payment proof' });
    expect(within(viewer).getByRole('img', { name: 'Payment proof' }).getAttribute('src')).toBe('blob:http://app.test/1');
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Payment proof' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Deposit #11' })).toBeTruthy();

    expect(files.revokeObjectURL).not.toHaveBeenCalled();
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Deposit #11' })).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(files.revokeObjectURL).toHaveBeenCalledWith('blob:http://app.test/1'));
  });
});
