import { ledgerKinds } from '@tradewind/contract';
import { describe, expect, it } from 'vitest';
import en from '../i18n/locales/en';
import { ledgerKindKey } from './ledger-kind';

describe('ledger kind names', () => {
  it('names every kind the server posts (the contract enum), the same on the wallet bill and the statement', () => {
    expect(ledgerKinds.length).toBeGreaterThanOrEqual(12);
    for (const kind of ledgerKinds) {
      const key = ledgerKindKey(kind);
      expect(key, kind).not.toBe('bill.kindOther');
      expect(en.bill[key.slice('bill.'.length) as keyof typeof en.bill], key).toBeTruthy();
    }
    expect(en.bill.kindLiquidation).toBeTruthy();
  });

  it('calls a kind it does not know "Other" rather than showing its code', () => {
    expect(ledgerKindKey('bonus-2027')).toBe('bill.kindOther');
    expect(ledgerKindKey('toString')).toBe('bill.kindOther');
  });
});
