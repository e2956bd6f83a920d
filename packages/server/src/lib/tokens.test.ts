import { describe, expect, it } from 'vitest';
import { sha256 } from './tokens.js';

// Session tokens and idempotent requests are stored as this digest: it must stay standard SHA-256 in lower-case hex,
// or every stored session and key would stop matching.
describe('sha256', () => {
  it('is SHA-256 as hex, for ASCII and for text beyond it', () => {
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    // UTF-8 bytes e2 82 ac, as the order's body and a memo in any of the seven languages are hashed.
    expect(sha256('€')).toBe('c4cc90ed3d26f12d4b08a75140970a7904035c31cbb4515a83f19b9003c00d1d');
  });
});
