import type { Deposit, KycApplication, Withdrawal } from '@tradewind/contract';

export const FILE_A = '/file/0123456789abcdef0123456789abcdef.jpg';
export const FILE_B = '/file/fedcba9876543210fedcba9876543210.png';

export function sampleDeposit(overrides: Partial<Deposit> = {}): Deposit {
  return {
    id: 11,
    userId: 7,
    channelId: 1,
    channelName: 'Bank transfer (USD)',
    currency: 'USD',
    amount: 250,
    credentialUrl: FILE_A,
    status: 1,
    reason: null,
    confirmations: 0,
    createTimeTimestamp: 1_767_225_600,
    reviewTimeTimestamp: null,
    ...overrides,
  };
}

export function sampleWithdrawal(overrides: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id: 21,
    userId: 7,
    currency: 'USD',
    amount: 75,
    status: 1,
    reason: null,
    destination: 'First Harbor Bank ********1234',
    createTimeTimestamp: 1_767_225_600,
    reviewTimeTimestamp: null,
    ...overrides,
  };
}

export function sampleKyc(overrides: Partial<KycApplication> = {}): KycApplication {
  return {
    id: 31,
    userId: 7,
    firstName: 'Ada',
    lastName: 'Lovelace',
    country: 'GB',
    documentType: 'idcard',
    documentNumber: 'X1234567',
    frontUrl: FILE_A,
    backUrl: FILE_B,
    status: 1,
    reason: null,
    createTimeTimestamp: 1_767_225_600,
    reviewTimeTimestamp: null,
    ...overrides,
  };
}

export function page<T>(list: T[], total = list.length) {
  return { list, total, pageNum: 1, pageSize: 20 };
}

/** The query string of a recorded call, as a URLSearchParams. */
export function queryOf(url: string): URLSearchParams {
  return new URL(url, 'http://app.test').searchParams;
}
