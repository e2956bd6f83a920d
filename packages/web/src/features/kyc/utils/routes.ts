import { paths } from '../../../lib/paths';

/** The SPEC §2 identity routes, and where the verdict arrives (the inbox). */
export const kycPaths = {
  index: paths.kyc,
  idCard: '/pages/kycverify/idcard',
  passport: '/pages/kycverify/passport',
  inbox: '/pages/notice/index',
} as const;
