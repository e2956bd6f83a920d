import { decimalToMinor, statementAccountAddsUp, type StatementAccount } from '@tradewind/contract';
import { useTranslation } from 'react-i18next';
import { formatUtcDateTime } from '../../../lib/format-date';
import { ledgerKindKey } from '../../../lib/ledger-kind';
import { useStatementTranslation } from '../i18n/use-statement-translation';

/** The statement's exact decimal with its sign and currency: `+500.00 USD`. */
export function signedAmount(amount: string, currency: string): string {
  const sign = decimalToMinor(amount) > 0n ? '+' : '';
  return `${sign}${amount} ${currency}`;
}

const trend = (amount: string) => {
  const minor = decimalToMinor(amount);
  return minor > 0n ? 'up' : minor < 0n ? 'down' : 'flat';
};

/**
 * One wallet and currency: opening balance, each posting with its entry, reason and counter-account,
 * closing balance, and the check that opening + Σ postings = closing, computed here from the figures shown.
 */
export function StatementAccountCard({ account }: { account: StatementAccount }) {
  const { t, common } = useStatementTranslation();
  const { t: tGlobal } = useTranslation();
  const addsUp = statementAccountAddsUp(account);

  return (
    <section className="card st-account" data-testid={`statement-${account.walletType}-${account.currency}`} aria-label={`${common(`wallets.${account.walletType}`)} ${account.currency}`}>
      <h3 className="st-account-title">
        {common(`wallets.${account.walletType}`)} · {account.currency}
      </h3>
      <div className="st-balance">
        <span>{t('statement.opening')}</span>
        <span className="tabular" data-testid="statement-opening">
          {account.opening} {account.currency}
        </span>
      </div>
      {account.postings.length === 0 ? (
        <p className="st-empty">{t('statement.noPostings')}</p>
      ) : (
        <ol className="st-postings">
          {account.postings.map((posting) => (
            <li key={posting.postingId} className="st-posting" data-posting-id={posting.postingId}>
              <div className="st-posting-main">
                <p className="st-posting-kind">{tGlobal(ledgerKindKey(posting.kind))}</p>
                {posting.reason ? <p className="st-posting-reason">{posting.reason}</p> : null}
                <p className="st-posting-meta">
                  {formatUtcDateTime(posting.time)} · {t('statement.entry', { id: posting.entryId })}
                </p>
                {posting.counterAccounts.length > 0 ? (
                  <p className="st-posting-meta">{t('statement.counter', { accounts: posting.counterAccounts.join(', ') })}</p>
                ) : null}
              </div>
              <span className={`tabular st-posting-amount trend-${trend(posting.amount)}`} data-testid="statement-amount">
                {signedAmount(posting.amount, account.currency)}
              </span>
            </li>
          ))}
        </ol>
      )}
      <div className="st-balance">
        <span>{t('statement.closing')}</span>
        <span className="tabular" data-testid="statement-closing">
          {account.closing} {account.currency}
        </span>
      </div>
      <p className={`st-check ${addsUp ? 'st-check-ok' : 'st-check-bad'}`} data-testid="statement-check" role="status">
        <strong>{addsUp ? t('statement.addsUp') : t('statement.doesNotAddUp')}</strong>
        <span className="st-check-detail">
          {t('statement.addsUpDetail', { opening: account.opening, count: account.postings.length, closing: account.closing })}
        </span>
      </p>
    </section>
  );
}
