import { type KycApplication, KycStatus, type User } from '@tradewind/contract';
import { saveSession } from '../../../lib/session/session-store';
import { envelope, installFakeFetch } from '../../../test/fake-fetch';
import { sampleUser } from '../../../test/sample-user';

export function sampleApplication(overrides: Partial<KycApplication> = {}): KycApplication {
  return {
    id: 5,
    userId: 42,
    firstName: 'Ada',
    lastName: 'Lovelace',
    country: 'GB',
    documentType: 'passport',
    documentNumber: 'X1234567',
    frontUrl: `/file/${'b'.repeat(32)}.jpg`,
    backUrl: null,
    status: 1,
    reason: null,
    createTimeTimestamp: 1_735_689_600,
    reviewTimeTimestamp: null,
    ...overrides,
  };
}

/** A logged-in user in the given KYC state and a server that knows the identity calls. */
export function kycServer(user: Partial<User> = {}, application: KycApplication | null = null) {
  let current = sampleUser({ kycStatus: KycStatus.None, ...user });
  saveSession({ token: 'tok', user: current });
  const server = installFakeFetch({
    '/api/user/info': () => envelope(current),
    '/userCenter/kycInfo': () => envelope(application),
    '/areaInfo/list': () =>
      envelope([
        { code: 'US', name: 'United States', dialCode: '+1', flag: '🇺🇸' },
        { code: 'GB', name: 'United Kingdom', dialCode: '+44', flag: '🇬🇧' },
        { code: 'DE', name: 'Germany', dialCode: '+49', flag: '🇩🇪' },
      ]),
    '/updateReal': (call) => envelope(sampleApplication({ ...(call.body as Partial<KycApplication>) })),
    '/api/user/userSet/applyStatus': () => envelope({ tradePermission: 3 }),
    '/userCenter/apply/service': () => envelope({ status: 1 }),
  });
  return {
    ...server,
    /** What `/api/user/info` answers from now on, as after a review or an application. */
    updateUser(changes: Partial<User>) {
      current = sampleUser({ ...current, ...changes });
    },
  };
}
