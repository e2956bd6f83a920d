import { paths } from '../../../lib/paths';

/** The SPEC §2 routes of deposits, withdrawals and payment methods (the shared `paths` names only some). */
export const fundingPaths = {
  deposit: paths.deposit,
  depositFiat: '/pages/deposit/fiat',
  depositWallet: '/pages/deposit/wallet',
  records: '/pages/deposit/record',
  withdrawBankCard: paths.withdrawBankCard,
  withdrawCrypto: '/pages/withdraw/vm',
  withdrawOther: '/pages/withdraw/other',
  methods: paths.bankCards,
  bankCardEdit: '/pages/bcard/modify',
  walletEdit: '/pages/vm/modify',
  payPassword: paths.payPassword,
} as const;

export type RecordTab = 'deposits' | 'withdrawals';

export function recordsPath(tab: RecordTab): string {
  return tab === 'deposits' ? fundingPaths.records : `${fundingPaths.records}?tab=withdrawals`;
}

/** `?id=` of an edit or channel page: a positive whole number, or null. */
export function idParam(search: URLSearchParams, name = 'id'): number | null {
  const value = Number(search.get(name));
  return Number.isInteger(value) && value > 0 ? value : null;
}
