import { statementCanonicalText, type Statement } from '@tradewind/contract';
import { createHash } from 'node:crypto';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session/session-store';
import { envelope, installFakeFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { sampleUser } from '../../../test/sample-user';

function sampleStatement(closing = '382.85'): Statement {
  const body = {
    userId: 7,
    from: '2026-01-01',
    to: '2026-01-31',
    accounts: [
      {
        walletType: 'BALANCE' as const,
        currency: 'USD' as const,
        opening: '0.00',
        postings: [
          { postingId: 1, entryId: 11, time: '2026-01-05T14:30:00.000Z', amount: '500.00', kind: 'deposit' as const, reason: '', counterAccounts: ['system:deposits'] },
          { postingId: 3, entryId: 12, time: '2026-01-05T14:31:00.000Z', amount: '-120.25', kind: 'transfer' as const, reason: '', counterAccounts: ['wallet:STOCK'] },
          { postingId: 5, entryId: 13, time: '2026-01-05T14:32:00.000Z', amount: '3.10', kind: 'correction' as const, reason: 'Fee refund, ticket 4411', counterAccounts: ['system:corrections'] },
        ],
        closing,
      },
      { walletType: 'FOLLOW' as const, currency: 'USD' as const, opening: '0.00', postings: [], closing: '0.00' },
    ],
  };
  const digest = createHash('sha256').update(statementCanonicalText(body)).digest('hex');
  return { version: 1, ...body, periodStart: '2026-01-01T00:00:00.000Z', periodEnd: '2026-02-01T00:00:00.000Z', digest, generatedAt: '2026-01-05T15:00:00.000Z' };
}

describe('statement page', () => {
  it('shows each wallet’s opening, postings with reasons and closing, checks that they add up, and shows the digest', async () => {
    saveSession({ token: 'tok', user: sampleUser() });
    const asked: string[] = [];
    installFakeFetch({
      '/api/user/info': () => envelope(sampleUser()),
      '/userCenter/statement': (request) => {
        asked.push(request.url);
        return envelope(sampleStatement());
      },
    });
    renderApp('/pages/profile/statement');
    const card = await screen.findByTestId('statement-BALANCE-USD');
    expect(within(card).getByTestId('statement-opening').textContent).toBe('0.00 USD');
    expect(within(card).getAllByTestId('statement-amount').map((n) => n.textContent)).toEqual(['+500.00 USD', '-120.25 USD', '+3.10 USD']);
    expect(within(card).getByText('Fee refund, ticket 4411')).toBeTruthy();
    expect(within(card).getByText('Correction')).toBeTruthy();
    expect(within(card).getByText('Counter-account: system:corrections')).toBeTruthy();
    expect(within(card).getByTestId('statement-closing').textContent).toBe('382.85 USD');
    expect(within(card).getByTestId('statement-check').textContent).toContain('Adds up ✓');
    // The empty wallet is summarised, not listed.
    expect(screen.queryByTestId('statement-FOLLOW-USD')).toBeNull();
    expect(screen.getByText('1 wallets without any money or postings are not shown.')).toBeTruthy();
    expect(screen.getByTestId('statement-digest').textContent).toBe(sampleStatement().digest);
    await waitFor(() => expect(screen.getByTestId('statement-digest-check').textContent).toContain('it matches ✓'));
    expect(asked[0]).toMatch(/from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}/);
  });

  it('says so when the figures do not add up or the digest does not match', async () => {
    saveSession({ token: 'tok', user: sampleUser() });
    const altered = sampleStatement();
    altered.accounts[0]!.postings[0]!.amount = '600.00';
    installFakeFetch({
      '/api/user/info': () => envelope(sampleUser()),
      '/userCenter/statement': () => envelope(altered),
    });
    renderApp('/pages/profile/statement');
    const card = await screen.findByTestId('statement-BALANCE-USD');
    expect(within(card).getByTestId('statement-check').textContent).toContain('Does not add up ✗');
    await waitFor(() => expect(screen.getByTestId('statement-digest-check').textContent).toContain('does NOT match ✗'));
  });

  it('speaks the reader’s language', async () => {
    saveSession({ token: 'tok', user: sampleUser() });
    installFakeFetch({
      '/api/user/info': () => envelope(sampleUser()),
      '/userCenter/statement': () => envelope(sampleStatement()),
    });
    const { i18n } = await import('../../../i18n/i18n');
    await i18n.changeLanguage('de');
    renderApp('/pages/profile/statement');
    const card = await screen.findByTestId('statement-BALANCE-USD');
    expect(within(card).getByTestId('statement-check').textContent).toContain('Geht auf ✓');
    expect(screen.getByRole('button', { name: 'CSV herunterladen' })).toBeTruthy();
    await i18n.changeLanguage('en');
  });
});
