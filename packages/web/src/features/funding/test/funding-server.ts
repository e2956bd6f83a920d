import type { Deposit, DepositChannel, PaymentMethod, User, Withdrawal } from '@tradewind/contract';
import { saveSession } from '../../../lib/session/session-store';
import { envelope, installFakeFetch } from '../../../test/fake-fetch';
import { sampleUser } from '../../../test/sample-user';

export const fiatChannel: DepositChannel = {
  id: 1,
  type: 'fiat',
  name: 'Bank transfer (USD)',
  currency: 'USD',
  asset: 'USD',
  network: null,
  address: null,
  bankName: 'First Harbor Bank',
  accountName: 'Tradewind Client Funds',
  accountNumber: '0004 5521 9087',
  swift: 'FHBKUS33',
  minAmount: 1,
};

export const cryptoChannel: DepositChannel = {
  id: 3,
  type: 'crypto',
  name: 'USDT (TRC20)',
  currency: 'USD',
  asset: 'USDT',
  network: 'TRC20',
  address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  bankName: null,
  accountName: null,
  accountNumber: null,
  swift: null,
  minAmount: 1,
};

export function sampleDeposit(overrides: Partial<Deposit> = {}): Deposit {
  return {
    id: 11,
    channelId: 1,
    channelName: 'Bank transfer (USD)',
    currency: 'USD',
    amount: 250,
    credentialUrl: `/file/${'a'.repeat(32)}.jpg`,
    status: 1,
    reason: null,
    confirmations: 0,
    createTimeTimestamp: 1_735_689_600,
    reviewTimeTimestamp: null,
    userId: 42,
    ...overrides,
  };
}

export function sampleWithdrawal(overrides: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id: 21,
    userId: 42,
    currency: 'USD',
    amount: 80,
    status: 1,
    reason: null,
    destination: 'First Harbor Bank ****9087',
    createTimeTimestamp: 1_735_689_600,
    reviewTimeTimestamp: null,
    ...overrides,
  };
}

export const savedCard: PaymentMethod = {
  id: 7,
  kind: 'bank',
  bankName: 'First Harbor Bank',
  accountName: 'Ada Lovelace',
  cardNumber: '********9087',
  currencyType: null,
  network: null,
  address: null,
  createTimeTimestamp: 1_735_689_600,
};

export const savedWallet: PaymentMethod = {
  id: 8,
  kind: 'crypto',
  bankName: null,
  accountName: null,
  cardNumber: null,
  currencyType: 'USDT',
  network: 'TRC20',
  address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  createTimeTimestamp: 1_735_689_600,
};

const page = <T>(list: T[]) => ({ list, total: list.length, pageNum: 1, pageSize: 20 });

/** A logged-in user and a server that knows the funding calls; `on` replaces one answer. */
export function fundingServer(options: { user?: Partial<User>; methods?: PaymentMethod[]; deposits?: Deposit[]; withdrawals?: Withdrawal[] } = {}) {
  const user = sampleUser({ payPasswordSet: true, ...options.user });
  saveSession({ token: 'tok', user });
  return installFakeFetch({
    '/api/user/info': () => envelope(user),
    '/wallet/getWalletBalance': () => envelope({ walletType: 'BALANCE', currency: 'USD', balance: 1200, available: 1200, frozen: 0 }),
    '/recharge/currency/selectList': () => envelope([fiatChannel, cryptoChannel]),
    '/recharge/create': (call) => envelope(sampleDeposit({ id: 12, amount: Number((call.body as { amount: string }).amount) })),
    '/recharge/listPage': () => envelope(page(options.deposits ?? [])),
    '/withdrawal/listPage': () => envelope(page(options.withdrawals ?? [])),
    '/withdrawal/getUsableWithdrawalAmount': () => envelope({ currency: 'USD', available: 1200 }),
    '/withdrawal/withdrawal-apply': () => envelope(sampleWithdrawal()),
    '/withdrawal/other-withdrawal-apply': () => envelope(sampleWithdrawal({ id: 22 })),
    '/UserAccount/SelectCardNo': () => envelope(options.methods ?? [savedCard, savedWallet]),
    '/UserAccount/addCardNo': () => envelope(savedCard),
    '/UserAccount/UpdateCardNo': () => envelope(savedCard),
    '/UserAccount/delete-card': () => envelope(null),
  });
}
