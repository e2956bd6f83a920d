/*
 * The IPO allotment lottery replayed in the browser from the inputs the server publishes (seed,
 * supply, every ticket range in subscription order), with Web Crypto's SHA-256. It mirrors
 * packages/server/src/modules/ipo/ipo-lottery.ts step for step, so a subscriber need not trust the
 * server's account of the draw: the seed must hash to the hash published before the purchase
 * ended, and the replay must give the same digest and the same lots per subscriber.
 */

const TWO_48 = 2 ** 48;
/** How many SHA-256 blocks are computed at once (the draw asks for them in order; few are rejected). */
const BATCH = 256;

const encoder = new TextEncoder();

export async function sha256Hex(data: Uint8Array | string): Promise<string> {
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  const digest = await crypto.subtle.digest('SHA-256', bytes as BufferSource);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Uniform integers from SHA-256(seed:block), five 48-bit numbers per digest, biased tops skipped. */
class SeededIntegers {
  private numbers: number[] = [];
  private next = 0;
  private block = 0;

  constructor(private readonly seed: string) {}

  private async refill(): Promise<void> {
    const blocks = Array.from({ length: BATCH }, (_, i) => this.block + i);
    this.block += BATCH;
    const digests = await Promise.all(blocks.map((block) => crypto.subtle.digest('SHA-256', encoder.encode(`${this.seed}:${block}`))));
    const fresh: number[] = [];
    for (const digest of digests) {
      const bytes = new Uint8Array(digest);
      for (let offset = 0; offset + 6 <= 30; offset += 6) {
        let value = 0;
        for (let i = 0; i < 6; i++) value = value * 256 + bytes[offset + i]!;
        fresh.push(value);
      }
    }
    this.numbers = this.numbers.slice(this.next).concat(fresh);
    this.next = 0;
  }

  async below(n: number): Promise<number> {
    const limit = TWO_48 - (TWO_48 % n);
    for (;;) {
      if (this.next >= this.numbers.length) await this.refill();
      const value = this.numbers[this.next++]!;
      if (value < limit) return value % n;
    }
  }
}

export interface DrawInput {
  seed: string;
  supplyLots: number;
  /** Lots asked for, one entry per subscription, in subscription order. */
  requests: readonly number[];
}

export interface DrawReplay {
  demandLots: number;
  drawn: boolean;
  drawDigest: string | null;
  /** Lots allotted per request, in the order given. */
  allotted: number[];
  /** The tickets drawn, in draw order (empty when no draw was needed). */
  drawnTickets: number[];
}

export async function replayDraw({ seed, supplyLots, requests }: DrawInput): Promise<DrawReplay> {
  const starts: number[] = [];
  let demandLots = 0;
  for (const lots of requests) {
    starts.push(demandLots);
    demandLots += lots;
  }
  if (demandLots <= supplyLots) return { demandLots, drawn: false, drawDigest: null, allotted: [...requests], drawnTickets: [] };

  const random = new SeededIntegers(seed);
  const swapped = new Map<number, number>();
  const at = (index: number) => swapped.get(index) ?? index;
  const allotted = requests.map(() => 0);
  const drawnTickets: number[] = [];
  const digestInput = new Uint8Array(supplyLots * 8);
  const view = new DataView(digestInput.buffer);
  for (let draw = 0; draw < supplyLots; draw++) {
    const pick = draw + (await random.below(demandLots - draw));
    const ticket = at(pick);
    swapped.set(pick, at(draw));
    swapped.set(draw, ticket);
    allotted[ownerOf(starts, ticket)]! += 1;
    drawnTickets.push(ticket);
    view.setBigUint64(draw * 8, BigInt(ticket));
  }
  return { demandLots, drawn: true, drawDigest: await sha256Hex(digestInput), allotted, drawnTickets };
}

/** The request whose range holds `ticket` (ranges are contiguous and ascending from `starts`). */
function ownerOf(starts: readonly number[], ticket: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= ticket) low = middle;
    else high = middle - 1;
  }
  return low;
}
