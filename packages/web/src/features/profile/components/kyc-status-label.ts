import { KycStatus } from '@tradewind/contract';
import type { TranslationResource } from '../../../i18n/locales/en';

type AccountKey = `account.${keyof TranslationResource['account']}`;

/** SPEC §4: under review, verified, or failed (with a retry); none until the user applies. */
export function kycStatusKey(status: KycStatus): AccountKey {
  switch (status) {
    case KycStatus.None:
      return 'account.kycNone';
    case KycStatus.Pending:
      return 'account.kycPending';
    case KycStatus.Failed:
      return 'account.kycFailed';
    case KycStatus.Verified:
      return 'account.kycVerified';
  }
}
