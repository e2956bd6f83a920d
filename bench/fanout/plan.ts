import { symbolKey, type WsSymbol } from '@tradewind/contract';

/** sfc32 seeded from a string: the same seed draws the same subscriptions on every machine. */
export function seededRandom(seed: string): () => number {
  const hash = (text: string) => {
    let h = 1779033703 ^ text.length;
    for (let i = 0; i < text.length; i++) {
      h = Math.imul(h ^ text.charCodeAt(i), 3432918353);
      h = (h << 13) | (h >>> 19);
    }
    h = Math.imul(h ^ (h >>> 16), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return (h ^ (h >>> 16)) >>> 0;
  };
  let a = hash(`a${seed}`);
  let b = hash(`b${seed}`);
  let c = hash(`c${seed}`);
  let d = hash(`d${seed}`);
  const next = () => {
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}

/** Zipf exponent of symbol popularity: the n-th most watched symbol is drawn 1/n as often as the first. */
export const ZIPF_EXPONENT = 1;

export interface SubscriptionPlan {
  /** One list per client. */
  clients: WsSymbol[][];
  /** Clients watching each symbol key: the fan-out of one tick of that symbol. */
  watchers: Map<string, number>;
}

/**
 * Draws `perClient` distinct symbols for each client, skewed by popularity: `ranked` is most
 * popular first (the instrument master lists AAPL, MSFT, NVDA… first), weights follow Zipf, so
 * the leaders are shared by most clients and the long tail by a few, as on a real quote screen.
 */
export function planSubscriptions(ranked: readonly WsSymbol[], clients: number, perClient: number, seed: string): SubscriptionPlan {
  if (perClient > ranked.length) throw new Error(`cannot pick ${perClient} distinct symbols from ${ranked.length}`);
  const cumulative: number[] = [];
  let total = 0;
  for (let r = 0; r < ranked.length; r++) {
    total += 1 / (r + 1) ** ZIPF_EXPONENT;
    cumulative.push(total);
  }
  const random = seededRandom(seed);
  const draw = () => {
    const x = random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  const watchers = new Map<string, number>();
  const lists: WsSymbol[][] = [];
  for (let c = 0; c < clients; c++) {
    const picked = new Set<number>();
    // Rejection keeps the Zipf shape; when the head is exhausted the draws move down the tail.
    while (picked.size < perClient) picked.add(draw());
    const list = [...picked].sort((x, y) => x - y).map((r) => ranked[r] as WsSymbol);
    for (const symbol of list) watchers.set(symbolKey(symbol), (watchers.get(symbolKey(symbol)) ?? 0) + 1);
    lists.push(list);
  }
  return { clients: lists, watchers };
}
