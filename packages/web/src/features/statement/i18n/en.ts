/** The statement page (namespace `statement`); English is the key source for the other six. */
const en = {
  statement: {
    intro: 'Every posting of your wallets in the period, from the ledger itself. Each balance is checked on this device: the opening balance plus the postings must equal the closing balance.',
    from: 'From',
    to: 'To',
    periodHint: 'Whole days in UTC, at most 366 days.',
    badPeriod: 'The end date must not be before the start date, and the period may be at most 366 days.',
    opening: 'Opening balance',
    closing: 'Closing balance',
    noPostings: 'No postings in this period',
    addsUp: 'Adds up ✓',
    addsUpDetail: '{{opening}} + {{count}} postings = {{closing}}',
    doesNotAddUp: 'Does not add up ✗',
    entry: 'Entry #{{id}}',
    counter: 'Counter-account: {{accounts}}',
    emptyWallets: '{{count}} wallets without any money or postings are not shown.',
    digest: 'Digest (SHA-256)',
    digestHint: 'The digest covers every figure on this statement. Anyone can recompute it from the data; a changed figure gives another digest.',
    digestChecked: 'Digest recomputed on this device: it matches ✓',
    digestMismatch: 'Digest recomputed on this device: it does NOT match ✗',
    digestUnchecked: 'This browser cannot recompute the digest here.',
    verify: 'Check against the ledger',
    verified: 'The ledger confirms this digest ✓',
    notVerified: 'The ledger does not confirm this digest ✗',
    copyDigest: 'Copy digest',
    copied: 'Copied',
    downloadCsv: 'Download CSV',
    downloadPdf: 'Download PDF',
    downloadFailed: 'The download failed. Try again.',
  },
};

export type StatementResource = typeof en;
export default en;
