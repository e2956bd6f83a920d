import type { Locale, Statement } from '@tradewind/contract';
import { statementLabels } from './statement-labels.js';

/** A text cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR) gets a leading apostrophe. */
function safeText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function csvCell(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The statement as CSV (RFC 4180, UTF-8 with a byte-order mark so spreadsheet programs read the
 * localized headers right): a few `#`-free header lines, then one table with an opening row, a row per
 * posting and a closing row per wallet and currency. Amounts are the statement's exact decimals.
 */
export function statementCsv(statement: Statement, locale: Locale, holder: string): string {
  const l = statementLabels[locale];
  const lines: Array<Array<string | number>> = [
    [l.title, holder],
    [l.period, `${statement.from} – ${statement.to}`],
    [l.generated, statement.generatedAt],
    [l.digest, statement.digest],
    [],
    [l.wallet, l.currency, l.row, l.entry, l.postingId, l.time, l.amount, l.kind, l.reason, l.counter],
  ];
  for (const account of statement.accounts) {
    lines.push([account.walletType, account.currency, l.opening, '', '', statement.periodStart, account.opening, '', '', '']);
    for (const p of account.postings) {
      lines.push([account.walletType, account.currency, l.posting, p.entryId, p.postingId, p.time, p.amount, safeText(p.kind), safeText(p.reason), p.counterAccounts.join(' ')]);
    }
    lines.push([account.walletType, account.currency, l.closing, '', '', statement.periodEnd, account.closing, '', '', '']);
  }
  return `\uFEFF${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
