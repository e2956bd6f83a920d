import { createHash } from 'node:crypto';

/**
 * The allotment of an offering, a pure function of its inputs so anyone holding the seed can replay
 * it. Every lot asked for is one ticket, numbered from 0 in subscription-id order (a subscription's
 * tickets are one contiguous range). When demand fits the supply every ticket wins; otherwise the
 * draw picks `supply` distinct tickets uniformly at random (a partial Fisher–Yates shuffle driven by
 * SHA-256 of the seed), so each lot asked for has the same chance, whoever asked. A subscriber gets
 * as many lots as they hold drawn tickets: never more than asked, never more than offered in total.
 */

export interface LotteryRequest {
  subscriptionId: number;
  lots: number;
}

export interface LotteryLine {
  subscriptionId: number;
  requestedLots: number;
  allottedLots: number;
  ticketFrom: number;
  ticketTo: number;
  /** The draw (1-based) that first picked one of this subscriber's tickets; null if none did or no draw ran. */
  firstDraw: number | null;
}

export interface LotteryResult {
  demandLots: number;
  supplyLots: number;
  allottedLots: number;
  /** True when demand exceeded supply and tickets were drawn. */
  drawn: boolean;
  /** SHA-256 over the drawn tickets in draw order (null when no draw was needed). */
  drawDigest: string | null;
  lines: LotteryLine[];
}

/**
 * Uniform integers from SHA-256(seed:block): each digest gives five 48-bit numbers; a number in the
 * short top slice that would bias the modulo is skipped (rejection sampling), so `below(n)` is exact.
 */
export class SeededIntegers {
  private block = 0;
  private pool: number[] = [];

  constructor(private readonly seed: string) {}

  private next48(): number {
    if (this.pool.length === 0) {
      const digest = createHash('sha256').update(`${this.seed}:${this.block++}`).digest();
      for (let offset = 0; offset + 6 <= 30; offset += 6) this.pool.push(digest.readUIntBE(offset, 6));
      this.pool.reverse();
    }
    return this.pool.pop()!;
  }

  /** A uniform integer in [0, n), for 1 ≤ n ≤ 2^48. */
  below(n: number): number {
    const range = 2 ** 48;
    const limit = range - (range % n);
    for (;;) {
      const value = this.next48();
      if (value < limit) return value % n;
    }
  }
}

export function drawAllotment(seed: string, supplyLots: number, requests: readonly LotteryRequest[]): LotteryResult {
  const ordered = [...requests].sort((a, b) => a.subscriptionId - b.subscriptionId);
  let next = 0;
  const lines = ordered.map((request): LotteryLine => {
    const line: LotteryLine = { subscriptionId: request.subscriptionId, requestedLots: request.lots, allottedLots: 0, ticketFrom: next, ticketTo: next + request.lots - 1, firstDraw: null };
    next += request.lots;
    return line;
  });
  const demandLots = next;

  if (demandLots <= supplyLots) {
    for (const line of lines) line.allottedLots = line.requestedLots;
    return { demandLots, supplyLots, allottedLots: demandLots, drawn: false, drawDigest: null, lines };
  }

  // Partial Fisher–Yates over the virtual array 0..demand-1, stored sparsely: only swapped slots are kept.
  const random = new SeededIntegers(seed);
  const swapped = new Map<number, number>();
  const at = (index: number) => swapped.get(index) ?? index;
  const digest = createHash('sha256');
  const ticketBytes = Buffer.alloc(8);
  for (let draw = 0; draw < supplyLots; draw++) {
    const pick = draw + random.below(demandLots - draw);
    const ticket = at(pick);
    swapped.set(pick, at(draw));
    swapped.set(draw, ticket);
    const line = lines[ownerOf(lines, ticket)]!;
    line.allottedLots += 1;
    line.firstDraw ??= draw + 1;
    // The digest covers the draw order itself: ticket numbers as 8-byte big-endian integers.
    ticketBytes.writeBigUInt64BE(BigInt(ticket));
    digest.update(ticketBytes);
  }
  return { demandLots, supplyLots, allottedLots: supplyLots, drawn: true, drawDigest: digest.digest('hex'), lines };
}

/** The line whose ticket range holds `ticket` (binary search; ranges are contiguous and ascending). */
function ownerOf(lines: readonly LotteryLine[], ticket: number): number {
  let low = 0;
  let high = lines.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (lines[middle]!.ticketTo < ticket) low = middle + 1;
    else high = middle;
  }
  return low;
}
