/**
 * A random UUID (v4) for the `Idempotency-Key` header of a money-moving call (DESIGN §4): the server
 * answers a repeat of the same key with the first answer, so a retry never moves money twice.
 * `crypto.randomUUID` exists only in secure contexts; `getRandomValues` works everywhere.
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
