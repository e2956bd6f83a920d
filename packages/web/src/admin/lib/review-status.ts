import { KycStatus, ReviewStatus } from '@tradewind/contract';
import type { AdminKey } from '../i18n/use-admin-translation';

export type Tone = 'pending' | 'bad' | 'good' | 'neutral';

/** SPEC §4 review status: 1 pending, 2 failed, 3 passed. */
export function reviewStatusLabel(status: number): { key: AdminKey; tone: Tone } {
  switch (status) {
    case ReviewStatus.Pending:
      return { key: 'status.pending', tone: 'pending' };
    case ReviewStatus.Failed:
      return { key: 'status.failed', tone: 'bad' };
    case ReviewStatus.Passed:
      return { key: 'status.passed', tone: 'good' };
    default:
      return { key: 'common.none', tone: 'neutral' };
  }
}

export function kycStatusLabel(status: number): { key: AdminKey; tone: Tone } {
  switch (status) {
    case KycStatus.Pending:
      return { key: 'kycStatus.pending', tone: 'pending' };
    case KycStatus.Failed:
      return { key: 'kycStatus.failed', tone: 'bad' };
    case KycStatus.Verified:
      return { key: 'kycStatus.verified', tone: 'good' };
    default:
      return { key: 'kycStatus.none', tone: 'neutral' };
  }
}

/** Trading and block-trading permission: 0 none, 1 under review, 2 refused, 3 granted. */
export function permissionStatusLabel(status: number): { key: AdminKey; tone: Tone } {
  switch (status) {
    case 1:
      return { key: 'permissionStatus.pending', tone: 'pending' };
    case 2:
      return { key: 'permissionStatus.refused', tone: 'bad' };
    case 3:
      return { key: 'permissionStatus.granted', tone: 'good' };
    default:
      return { key: 'permissionStatus.none', tone: 'neutral' };
  }
}

/** Deposit channels paid in digital currency (USDT TRC20, USDC ERC20) need network confirmations. */
export const CRYPTO_CHANNEL_IDS: readonly number[] = [3, 4];

export function isCryptoChannel(channelId: number): boolean {
  return CRYPTO_CHANNEL_IDS.includes(channelId);
}
