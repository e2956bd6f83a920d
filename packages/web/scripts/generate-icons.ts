// Draws the brand mark of public/favicon.svg into the PNG icons of the web app manifest
// (public/icons). Plain Node (zlib), no image library: `npx tsx packages/web/scripts/generate-icons.ts`.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

type Point = readonly [number, number];
type Colour = readonly [number, number, number];

const BACKGROUND: Colour = [0x0b, 0x3d, 0x91];
const SAIL: Colour = [0xff, 0xff, 0xff];
const WAVE: Colour = [0x5e, 0xf0, 0xa0];
const SAMPLES = 4;

function cubic(p0: Point, p1: Point, p2: Point, p3: Point, steps = 24): Point[] {
  const points: Point[] = [];
  for (let i = 1; i <= steps; i += 1) {
    const t = i / steps;
    const u = 1 - t;
    points.push([
      u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
      u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1],
    ]);
  }
  return points;
}

// favicon.svg on its 48-unit grid: M24 9c7 5 10 12 9 21H15c4-6 7-13 9-21z
const sail: Point[] = [[24, 9], ...cubic([24, 9], [31, 14], [34, 21], [33, 30]), [15, 30], ...cubic([15, 30], [19, 24], [22, 17], [24, 9])];
// M11 36c5-3 9-3 13 0s8 3 13 0, stroke 3
const wave: Point[] = [[11, 36], ...cubic([11, 36], [16, 33], [20, 33], [24, 36]), ...cubic([24, 36], [28, 39], [32, 39], [37, 36])];

function insidePolygon(x: number, y: number, polygon: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i, i += 1) {
    const [xi, yi] = polygon[i] as Point;
    const [xj, yj] = polygon[j] as Point;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function nearPolyline(x: number, y: number, line: readonly Point[], radius: number): boolean {
  for (let i = 1; i < line.length; i += 1) {
    const [ax, ay] = line[i - 1] as Point;
    const [bx, by] = line[i] as Point;
    const dx = bx - ax;
    const dy = by - ay;
    const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
    if (Math.hypot(x - (ax + t * dx), y - (ay + t * dy)) <= radius) return true;
  }
  return false;
}

function insideRoundedSquare(x: number, y: number, size: number, radius: number): boolean {
  const cx = Math.min(Math.max(x, radius), size - radius);
  const cy = Math.min(Math.max(y, radius), size - radius);
  return x >= 0 && y >= 0 && x <= size && y <= size && Math.hypot(x - cx, y - cy) <= radius;
}

/** The colour and coverage at a point of the 48-unit grid; `maskable` fills the whole square. */
function sample(x: number, y: number, maskable: boolean): Colour | null {
  // A maskable icon is cropped to a circle of 80 %: the mark is drawn smaller inside a full square.
  const scale = maskable ? 0.7 : 1;
  const mx = (x - 24) / scale + 24;
  const my = (y - 24) / scale + 24;
  if (nearPolyline(mx, my, wave, 1.5)) return WAVE;
  if (insidePolygon(mx, my, sail)) return SAIL;
  if (maskable || insideRoundedSquare(x, y, 48, 14)) return BACKGROUND;
  return null;
}

function render(size: number, maskable: boolean): Buffer {
  const rows: Buffer[] = [];
  for (let py = 0; py < size; py += 1) {
    const row = Buffer.alloc(1 + size * 4);
    for (let px = 0; px < size; px += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < SAMPLES; sy += 1) {
        for (let sx = 0; sx < SAMPLES; sx += 1) {
          const colour = sample(((px + (sx + 0.5) / SAMPLES) * 48) / size, ((py + (sy + 0.5) / SAMPLES) * 48) / size, maskable);
          if (!colour) continue;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          a += 1;
        }
      }
      const offset = 1 + px * 4;
      if (a > 0) {
        row[offset] = Math.round(r / a);
        row[offset + 1] = Math.round(g / a);
        row[offset + 2] = Math.round(b / a);
        row[offset + 3] = Math.round((255 * a) / (SAMPLES * SAMPLES));
      }
    }
    rows.push(row);
  }
  return png(size, Buffer.concat(rows));
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buffer) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size: number, raw: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const out = new URL('../public/icons/', import.meta.url);
writeFileSync(new URL('icon-192.png', out), render(192, false));
writeFileSync(new URL('icon-512.png', out), render(512, false));
writeFileSync(new URL('maskable-512.png', out), render(512, true));
writeFileSync(new URL('apple-touch-icon-180.png', out), render(180, true));
