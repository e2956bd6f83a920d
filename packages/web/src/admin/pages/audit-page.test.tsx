import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, installFakeFetch } from '../../test/fake-fetch';
import { renderAdmin, signIn } from '../test/render-admin';
import { page } from '../test/samples';

describe('audit log', () => {
  it('shows each entry with what it changed, before and after', async () => {
    const admin = signIn();
    installFakeFetch({
      '/api/user/info': () => envelope(admin),
      '/admin/audit': () =>
        envelope(
          page([
            { id: 2, actorUserId: 1, action: 'deposit.approve', subject: 'deposit:11', detail: { before: { status: 1 }, after: { status: 3, confirmations: 6 } }, ip: '127.0.0.1', createTimeTimestamp: 1_767_225_600 },
            { id: 1, actorUserId: null, action: 'outbox.view', subject: '', detail: {}, ip: '127.0.0.1', createTimeTimestamp: 1_767_225_500 },
          ]),
        ),
    });
    renderAdmin('/admin/audit');

    const table = await screen.findByRole('table', { name: 'Audit log' });
    const [, approval, view] = within(table).getAllByRole('row').filter((row) => row.closest('table') === table);
    expect(approval?.textContent).toContain('deposit.approve');
    const change = within(approval as HTMLElement).getByRole('table');
    const statusRow = within(change).getByRole('row', { name: /status/ });
    expect(statusRow.textContent).toBe('statusPending\u00a0(1)Approved\u00a0(3)');
    expect(within(change).getByRole('row', { name: /confirmations/ }).textContent).toBe('confirmations—6');
    expect(within(view as HTMLElement).getByText('System')).toBeTruthy();
  });
});
