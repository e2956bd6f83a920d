import type { AdminPublishAppVersionBody, AppVersion } from '@tradewind/contract';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { toSeconds, type Clock } from '../../lib/clock.js';
import { audit } from '../audit/index.js';
import * as repo from './app-config.repository.js';

export interface AppConfigDeps {
  db: Database;
  clock: Clock;
}

function toAppVersion(row: repo.AppVersionRow): AppVersion {
  return {
    version: row.version,
    forceUpdate: row.forceUpdate,
    downloadUrl: row.downloadUrl,
    notes: row.notes,
    webviewHosts: row.webviewHosts,
    publishTimestamp: toSeconds(row.publishedAt),
  };
}

export async function getPublishedVersion(deps: AppConfigDeps): Promise<AppVersion> {
  const row = await repo.findPublishedVersion(deps.db);
  if (!row) throw AppError.notFound();
  return toAppVersion(row);
}

/** Publishes a new app version and writes the audit row in the same transaction. */
export async function publishVersion(
  deps: AppConfigDeps,
  admin: { id: number; ip: string },
  body: AdminPublishAppVersionBody,
): Promise<AppVersion> {
  const now = deps.clock.now();
  const webviewHosts = [...new Set(body.webviewHosts)];
  const row = await deps.db.transaction(async (tx) => {
    const published = await repo.insertVersion(tx, { ...body, webviewHosts, publishedByUserId: admin.id, publishedAt: now });
    await audit(tx, { actorUserId: admin.id, action: 'appVersion.publish', subject: body.version, detail: { ...body, webviewHosts }, ip: admin.ip }, now);
    return published;
  });
  return toAppVersion(row);
}
