import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * TOTP (RFC 6238) over HOTP (RFC 4226), written here on node:crypto: HMAC-SHA1, 30-second steps from
 * the Unix epoch, 6 digits, secrets as RFC 4648 base32 (what authenticator apps read from otpauth URIs).
 */

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32, ignoring case, spaces and `=` padding; throws on any other character. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new 160-bit secret (RFC 4226 recommends 160), base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** HOTP (RFC 4226 §5.3): HMAC over the 8-byte big-endian counter, dynamic truncation, `digits` digits. */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS, algorithm: 'sha1' | 'sha256' | 'sha512' = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The time step of an instant: ⌊unix seconds / 30⌋. */
export const stepAt = (time: Date): number => Math.floor(time.getTime() / 1000 / TOTP_STEP_SECONDS);

export function totpAt(secret: string, time: Date): string {
  return hotp(base32Decode(secret), stepAt(time));
}

const sameCode = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The step a code belongs to when it is the code of the current step or of one step either side
 * (clock drift, a code typed as it rolled over); null otherwise. Every candidate is computed and
 * compared in constant time, so the answer's timing does not tell which step matched.
 */
export function matchingStep(secret: string, code: string, time: Date, window = 1): number | null {
  const key = base32Decode(secret);
  const now = stepAt(time);
  let found: number | null = null;
  for (let delta = -window; delta <= window; delta++) {
    if (sameCode(hotp(key, now + delta), code) && found === null) found = now + delta;
  }
  return found;
}

/** `otpauth://totp/Issuer:account?secret=…&issuer=…&algorithm=SHA1&digits=6&period=30` (Key Uri Format). */
export function otpauthUri(secret: string, issuer: string, account: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: String(TOTP_DIGITS), period: String(TOTP_STEP_SECONDS) });
  return `otpauth://totp/${label}?${query.toString()}`;
}
