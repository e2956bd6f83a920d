import jsQR from 'jsqr';

/**
 * Reads back what a drawn QR code (components/qr-code.tsx: one SVG path of 1×1 squares on a white
 * square with the quiet zone) says, the way a phone camera would: the modules painted into pixels,
 * then decoded by jsQR. Undefined when it is not a readable code.
 */
export function decodeQrSvg(svg: Element, pixelsPerModule = 4): string | undefined {
  const count = Number(svg.getAttribute('viewBox')?.split(' ')[2]);
  const d = svg.querySelector('path')?.getAttribute('d') ?? '';
  const size = count * pixelsPerModule;
  const pixels = new Uint8ClampedArray(size * size * 4).fill(255);
  for (const [, x, y] of d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < pixelsPerModule; dy++) {
      for (let dx = 0; dx < pixelsPerModule; dx++) {
        const offset = ((Number(y) * pixelsPerModule + dy) * size + Number(x) * pixelsPerModule + dx) * 4;
        pixels.fill(0, offset, offset + 3);
      }
    }
  }
  return jsQR(pixels, size, size)?.data;
}
