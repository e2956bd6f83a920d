/** Query keys of identity verification and the countries of its form. */
export const kycKeys = {
  all: ['kyc'] as const,
  info: ['kyc', 'info'] as const,
  areas: ['areas'] as const,
};
