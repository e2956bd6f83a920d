import { describe, expect, it } from 'vitest';
import { checkKyc } from './document';

const complete = { firstName: 'Ada', lastName: 'Lovelace', country: 'GB', documentNumber: 'X1234567' };

describe('the KYC form (SPEC §5 required prompts)', () => {
  it('names every missing field of an ID card, both images included', () => {
    expect(checkKyc('idcard', { firstName: '', lastName: ' ', country: '', documentNumber: '' }, { front: false, back: false })).toEqual({
      firstName: 'firstNameRequired',
      lastName: 'lastNameRequired',
      country: 'countryRequired',
      documentNumber: 'idNumberRequired',
      front: 'frontRequired',
      back: 'backRequired',
    });
  });

  it('needs the back image for an ID card but not for a passport', () => {
    expect(checkKyc('idcard', complete, { front: true, back: false })).toEqual({ back: 'backRequired' });
    expect(checkKyc('passport', complete, { front: true, back: false })).toEqual({});
  });

  it('asks for the passport number by name, and checks its characters', () => {
    expect(checkKyc('passport', { ...complete, documentNumber: '' }, { front: true, back: false })).toEqual({ documentNumber: 'passportNumberRequired' });
    expect(checkKyc('passport', { ...complete, documentNumber: 'AB 12' }, { front: true, back: false })).toEqual({ documentNumber: 'documentNumberInvalid' });
  });
});
