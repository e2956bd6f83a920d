/** Seeded randomness so a `MARKET_SEED` replays the same market (sfc32 with a string hash seed). */
export interface Random {
  next(): number;
  normal(): number;
  between(min: number, max: number): number;
}

function hash(text: string): number {
  let h = 1779033703 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  h = Math.imul(h ^ (h >>> 16), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  return (h ^ (h >>> 16)) >>> 0;
}

export function seededRandom(...seedParts: Array<string | number>): Random {
  const seed = seedParts.join('|');
  let a = hash(`a${seed}`);
  let b = hash(`b${seed}`);
  let c = hash(`c${seed}`);
  let d = hash(`d${seed}`);
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
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
  return {
    next,
    normal() {
      const u = Math.max(next(), Number.EPSILON);
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
    },
    between: (min, max) => min + (max - min) * next(),
  };
}
