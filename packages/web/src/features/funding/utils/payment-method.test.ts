import { describe, expect, it } from 'vitest';
import { checkAddress, checkBankFields, checkWalletFields, describeMethod, shortAddress } from './payment-method';

describe('wallet address per network', () => {
  it('accepts a TRC20 address: T and 33 base58 characters', () => {
    expect(checkAddress('TRC20', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).toBeUndefined();
  });

  it('refuses a TRC20 address that is short, has base58-excluded letters, or is an ERC20 one', () => {
    expect(checkAddress('TRC20', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLS')).toBe('addressInvalid');
    expect(checkAddress('TRC20', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLS0')).toBe('addressInvalid');
    expect(checkAddress('TRC20', '0x4E83362442B8d1beC281594CEa3050c8EB01311C')).toBe('addressInvalid');
  });

  it('accepts an ERC20 address: 0x and 40 hex digits, and refuses anything else', () => {
    expect(checkAddress('ERC20', '0x4E83362442B8d1beC281594CEa3050c8EB01311C')).toBeUndefined();
    expect(checkAddress('ERC20', '0x4E83362442B8d1beC281594CEa3050c8EB01311')).toBe('addressInvalid');
    expect(checkAddress('ERC20', '0x4E83362442B8d1beC281594CEa3050c8EB01311G')).toBe('addressInvalid');
    expect(checkAddress('ERC20', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).toBe('addressInvalid');
  });

  it('checks BTC addresses too, and asks for an address when there is none', () => {
    expect(checkAddress('BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBeUndefined();
    expect(checkAddress('BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBeUndefined();
    expect(checkAddress('BTC', 'hello')).toBe('addressInvalid');
    expect(checkAddress('TRC20', '  ')).toBe('addressRequired');
  });

  it('needs a known currency and network', () => {
    expect(checkWalletFields({ currencyType: 'DOGE', network: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' })).toEqual({ currencyType: 'currencyRequired' });
  });
});

describe('bank card fields (SPEC §5 required prompts)', () => {
  it('names each missing field', () => {
    expect(checkBankFields({ bankName: ' ', accountName: '', cardNumber: '' })).toEqual({
      bankName: 'bankNameRequired',
      accountName: 'accountNameRequired',
      cardNumber: 'cardNumberRequired',
    });
  });

  it('wants 6 to 34 letters or digits as the number', () => {
    expect(checkBankFields({ bankName: 'Bank', accountName: 'Ada', cardNumber: '12345' }).cardNumber).toBe('cardNumberInvalid');
    expect(checkBankFields({ bankName: 'Bank', accountName: 'Ada', cardNumber: 'DE89 3704 0044 0532 0130 00' })).toEqual({});
  });
});

describe('describing a method', () => {
  it('shortens long addresses for one line', () => {
    expect(shortAddress('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).toBe('TQn9Y2…KcbLSE');
    expect(
      describeMethod({ id: 1, kind: 'bank', bankName: 'First Harbor', accountName: 'Ada', cardNumber: '****9087', currencyType: null, network: null, address: null, createTimeTimestamp: 0 }),
    ).toBe('First Harbor ****9087');
  });
});
