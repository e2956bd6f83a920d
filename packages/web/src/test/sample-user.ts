import { KycStatus, type User, userSchema } from '@tradewind/contract';

export function sampleUser(overrides: Partial<User> = {}): User {
  // Parsed by the contract, so fields the contract does not (yet) have are dropped, not type errors.
  return userSchema.parse({
    id: 42,
    email: 'ada@example.com',
    name: '',
    phone: '',
    inviteCode: 'K7Q2ZP',
    invitedBy: null,
    kycStatus: KycStatus.None,
    payPasswordSet: false,
    role: 'user',
    tradePermission: 0,
    blockTradePermission: 0,
    createTimeTimestamp: 1735689600,
    ...overrides,
  });
}
