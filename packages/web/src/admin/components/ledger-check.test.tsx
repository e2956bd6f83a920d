import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, installFakeFetch } from '../../test/fake-fetch';
import { renderAdmin, signIn } from '../test/render-admin';

const report = (overrides: Record<string, unknown> = {}) => ({
  unbalancedEntries: 0,
  accountsOffTheirPostings: 0,
  negativeUserAccounts: 0,
  frozenNotMatchingHolds: 0,
  totalsByCurrency: { USD: 0, EUR: 0 },
  sound: true,
  checkedAtTimestamp: 1_767_225_600_000,
  ...overrides,
});

function setUp(answer: ReturnType<typeof report>) {
  const admin = signIn();
  return installFakeFetch({
    '/api/user/info': () => envelope(admin),
    '/admin/ledger/audit': () => envelope(answer),
  });
}

describe('the dashboard\'s ledger check', () => {
  it('asks the server only when staff press the button, then shows the verdict and each invariant', async () => {
    const network = setUp(report());
    renderAdmin('/admin');
    const card = (await screen.findByRole('heading', { name: 'Ledger' })).closest('section') as HTMLElement;
    expect(network.calls.some((c) => c.path === '/admin/ledger/audit')).toBe(false);

    fireEvent.click(within(card).getByRole('button', { name: 'Check the ledger' }));
    expect((await within(card).findByRole('status')).textContent).toMatch(/^The ledger is sound · /);
    expect(within(card).getByText('Frozen amounts without matching holds').nextElementSibling?.textContent).toBe('0');
    expect(within(card).getByText('All EUR postings sum to (smallest units)')).toBeTruthy();
    expect(network.calls.filter((c) => c.path === '/admin/ledger/audit')).toHaveLength(1);
  });

  it('says plainly when a rule is broken and which count is off', async () => {
    setUp(report({ frozenNotMatchingHolds: 2, sound: false }));
    renderAdmin('/admin');
    const card = (await screen.findByRole('heading', { name: 'Ledger' })).closest('section') as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: 'Check the ledger' }));
    expect((await within(card).findByRole('status')).textContent).toMatch(/^The ledger breaks its rules/);
    expect(within(card).getByText('Frozen amounts without matching holds').nextElementSibling?.textContent).toBe('2');
  });
});
