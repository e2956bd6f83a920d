import { KycStatus, type User } from '@tradewind/contract';

export function sampleUser(overrides: Partial<User> = {}): User {
  return {
    id: 42,
    email: 'ada@example.com',
    name: '',
    phone: '',
    inviteCode: 'K7Q2ZP',
    invitedBy: null,
    kycStatus: KycStatus.None,
    payPasswordSet: false,
    role: 'user',
    createTimeTimestamp: 1735689600,
    ...overrides,
  };
}
