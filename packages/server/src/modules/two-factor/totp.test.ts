import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchingStep, newTotpSecret, otpauthUri, stepAt, totpAt } from './totp.js';

// RFC 6238 Appendix B: the seeds are the ASCII strings below; 8-digit codes at these Unix times.
const seeds = {
  sha1: Buffer.from('12345678901234567890', 'ascii'),
  sha256: Buffer.from('12345678901234567890123456789012', 'ascii'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234', 'ascii'),
} as const;
const vectors: Array<[number, string, string, string]> = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it('gives the RFC 6238 test vectors for SHA-1, SHA-256 and SHA-512', () => {
    for (const [seconds, sha1, sha256, sha512] of vectors) {
      const step = stepAt(new Date(seconds * 1000));
      expect(hotp(seeds.sha1, step, 8, 'sha1'), `sha1 @${seconds}`).toBe(sha1);
      expect(hotp(seeds.sha256, step, 8, 'sha256'), `sha256 @${seconds}`).toBe(sha256);
      expect(hotp(seeds.sha512, step, 8, 'sha512'), `sha512 @${seconds}`).toBe(sha512);
    }
  });

  it('gives the RFC 4226 HOTP values (6 digits) and the 6-digit TOTP of the SHA-1 seed', () => {
    const rfc4226 = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    rfc4226.forEach((code, counter) => expect(hotp(seeds.sha1, counter)).toBe(code));
    // The same seed through base32, as an authenticator app holds it.
    const secret = base32Encode(seeds.sha1);
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(totpAt(secret, new Date(59_000))).toBe('287082');
    expect(totpAt(secret, new Date(1111111109_000))).toBe('081804');
  });

  it('accepts the current and the adjacent steps only', () => {
    const secret = newTotpSecret();
    const now = new Date('2026-01-05T14:30:10Z');
    const at = (steps: number) => new Date(now.getTime() + steps * 30_000);
    const current = stepAt(now);
    expect(matchingStep(secret, totpAt(secret, now), now)).toBe(current);
    expect(matchingStep(secret, totpAt(secret, at(-1)), now)).toBe(current - 1);
    expect(matchingStep(secret, totpAt(secret, at(1)), now)).toBe(current + 1);
    for (const far of [-2, 2, -3, 3, 100]) {
      const code = totpAt(secret, at(far));
      // A far code can collide with a near one by chance (1 in 10^6 per step); skip that draw.
      if ([-1, 0, 1].some((near) => totpAt(secret, at(near)) === code)) continue;
      expect(matchingStep(secret, code, now), `step ${far}`).toBeNull();
    }
    expect(matchingStep(secret, '12345', now)).toBeNull();
  });

  it('round-trips base32 and writes an otpauth URI that apps read', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Encode(base32Decode(secret))).toBe(secret);
    expect(base32Decode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq====').toString('ascii')).toBe('12345678901234567890');
    expect(() => base32Decode('ABC1')).toThrow();
    expect(otpauthUri('JBSWY3DPEHPK3PXP', 'Tradewind', 'ann@example.com')).toBe(
      'otpauth://totp/Tradewind:ann%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Tradewind&algorithm=SHA1&digits=6&period=30',
    );
  });
});
