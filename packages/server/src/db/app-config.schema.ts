import { bigint, bigserial, boolean, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The published app versions (migration 0018), kept apart from schema.ts because nothing else joins them.
export const appVersions = pgTable('app_versions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  version: text('version').notNull(),
  forceUpdate: boolean('force_update').notNull(),
  downloadUrl: text('download_url').notNull(),
  notes: text('notes').notNull(),
  webviewHosts: jsonb('webview_hosts').$type<string[]>().notNull(),
  publishedByUserId: bigint('published_by_user_id', { mode: 'number' }),
  publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull(),
});
export type AppVersionRow = typeof appVersions.$inferSelect;
