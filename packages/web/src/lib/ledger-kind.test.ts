import { describe, expect, it } from 'vitest';
import en from '../i18n/locales/en';
import { ledgerKindKey } from './ledger-kind';

describe('ledger kind names', () => {
  it('names every kind the server posts, the same on the wallet bill and the statement', () => {
    for (const kind of ['deposit', 'withdrawal', 'transfer', 'order-open', 'order-close', 'liquidation', 'expiry', 'margin-add', 'ipo_allotment', 'ipo_listing', 'follow-fee', 'take_profit', 'stop_loss', 'correction']) {
      const key = ledgerKindKey(kind);
      expect(key, kind).not.toBe('bill.kindOther');
      expect(en.bill[key.slice('bill.'.length) as keyof typeof en.bill], key).toBeTruthy();
    }
    expect(en.bill.kindTakeProfit).toBe('Take-profit close');
  });

  it('calls a kind it does not know "Other" rather than showing its code', () => {
    expect(ledgerKindKey('bonus-2027')).toBe('bill.kindOther');
  });
});
