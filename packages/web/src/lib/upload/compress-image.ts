/** SPEC §5 / §9: an upload is at most 5 MB; the message names the number of megabytes. */
export const UPLOAD_MAX_MB = 5;
export const UPLOAD_MAX_BYTES = UPLOAD_MAX_MB * 1024 * 1024;

/** Longest edge and JPEG quality of a compressed album image: sharp enough to read a receipt or a document. */
const MAX_EDGE = 1600;
const QUALITY = 0.8;

const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]+$/, '') || 'image';
  return `${base}.jpg`;
}

function canvasToBlob(canvas: HTMLCanvasElement): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', QUALITY));
}

/**
 * SPEC §5 "one compressed image chosen from the album": redrawn on a canvas at most 1600 px on its
 * longest edge and saved as JPEG at quality 0.8. Where the browser cannot decode or draw it (an
 * unusual format, or a test DOM without canvas) the original goes up and the server judges it.
 * A small JPEG, PNG or WebP that would only grow is kept as it is.
 */
export async function compressImage(file: File): Promise<File> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  try {
    const scale = Math.min(1, MAX_EDGE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    // A transparent PNG would turn black as JPEG; paper is white.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await canvasToBlob(canvas);
    if (!blob) return file;
    if (scale === 1 && blob.size >= file.size && ACCEPTED_TYPES.includes(file.type)) return file;
    return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: Date.now() });
  } catch {
    return file;
  } finally {
    bitmap.close();
  }
}
