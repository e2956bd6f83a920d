import { describe, expect, it } from 'vitest';
import { replayDraw, sha256Hex } from './replay-draw';

/*
 * Vectors produced by the server's lottery (packages/server/src/modules/ipo/ipo-lottery.ts,
 * drawAllotment) for the same seed and requests: the browser's replay must match it exactly.
 */
const seed = 'a3f1c2d4e5b60718293a4b5c6d7e8f90112233445566778899aabbccddeeff00';

describe('replayDraw', () => {
  it('gives the server’s digest and lots for a small draw', async () => {
    const replay = await replayDraw({ seed, supplyLots: 9, requests: [3, 4, 2, 7, 1, 5] });
    expect(replay).toMatchObject({ demandLots: 22, drawn: true, drawDigest: '96a99bea1b733450122d1e00810fdc25318968e0c5b446521b1aa72e7b8d57b5', allotted: [2, 1, 0, 5, 0, 1] });
    expect(new Set(replay.drawnTickets).size).toBe(9);
  });

  it('gives the server’s digest and lots across many SHA-256 blocks', async () => {
    const requests = Array.from({ length: 40 }, (_, i) => ((i * 7919) % 97) + 1);
    const replay = await replayDraw({ seed, supplyLots: 1000, requests });
    expect(replay.demandLots).toBe(1937);
    expect(replay.drawDigest).toBe('fb380089262f11bded3b2b88129b02def1e0dd18612312bd5597784e8ae0c56b');
    expect(replay.allotted).toEqual([1, 31, 16, 51, 30, 10, 45, 21, 4, 34, 18, 2, 40, 17, 47, 32, 16, 41, 23, 6, 41, 24, 4, 36, 18, 52, 28, 10, 44, 24, 10, 42, 28, 5, 37, 20, 0, 33, 11, 48]);
  });

  it('a different seed gives a different draw; no draw when demand fits', async () => {
    const other = await replayDraw({ seed: `${seed.slice(0, -1)}1`, supplyLots: 9, requests: [3, 4, 2, 7, 1, 5] });
    expect(other.drawDigest).not.toBe('96a99bea1b733450122d1e00810fdc25318968e0c5b446521b1aa72e7b8d57b5');
    expect(await replayDraw({ seed, supplyLots: 10, requests: [3, 4] })).toEqual({ demandLots: 7, drawn: false, drawDigest: null, allotted: [3, 4], drawnTickets: [] });
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
