import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { AuthContext } from '../../plugins/types.js';
import { detectImageType } from './image-type.js';
import * as repo from './uploads.repository.js';

/** SPEC §9: 5 MB by default. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_URL_PREFIX = '/file/';

export interface UploadDeps {
  db: Database;
  clock: Clock;
  dir: string;
}

/** Stores an image under a random name the server chooses; the client's name and type are ignored. */
export async function storeImage(deps: UploadDeps, userId: number, bytes: Buffer): Promise<{ url: string }> {
  const type = detectImageType(bytes);
  if (!type) throw AppError.badRequest('upload.notImage');
  const storedName = `${randomBytes(16).toString('hex')}.${type.extension}`;
  await fs.mkdir(deps.dir, { recursive: true });
  await fs.writeFile(path.join(deps.dir, storedName), bytes, { flag: 'wx' });
  try {
    await repo.insertUpload(deps.db, { userId, storedName, contentType: type.contentType, sizeBytes: bytes.length, createdAt: deps.clock.now() });
  } catch (error) {
    await fs.rm(path.join(deps.dir, storedName), { force: true });
    throw error;
  }
  return { url: `${UPLOAD_URL_PREFIX}${storedName}` };
}

/** Reads an upload for its owner or an admin; anyone else is told it does not exist. */
export async function readImage(deps: UploadDeps, auth: AuthContext, storedName: string) {
  const row = await repo.findUpload(deps.db, storedName);
  if (!row) throw AppError.notFound();
  if (row.userId !== auth.user.id && auth.user.role !== 'admin') throw AppError.forbidden();
  return { contentType: row.contentType, bytes: await fs.readFile(path.join(deps.dir, row.storedName)) };
}

/** The stored name in one of our upload URLs, or null (a URL a client invented, or another host's). */
export function storedNameOf(url: string): string | null {
  if (!url.startsWith(UPLOAD_URL_PREFIX)) return null;
  const name = url.slice(UPLOAD_URL_PREFIX.length);
  return /^[a-f0-9]{32}\.(jpg|png|webp)$/.test(name) ? name : null;
}

/** True when the URL is an upload of this user (credentials and KYC images must be the caller's own). */
export async function ownsUpload(db: Database, userId: number, url: string): Promise<boolean> {
  const name = storedNameOf(url);
  const row = name ? await repo.findUpload(db, name) : undefined;
  return row?.userId === userId;
}
