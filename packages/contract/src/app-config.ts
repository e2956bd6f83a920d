import { z } from 'zod';

export const APP_NOTES_MAX = 2000;
export const WEBVIEW_HOSTS_MAX = 50;

/** A bare host name (no scheme, port or path), lower case: what the webview allow-list compares. */
export const webviewHostSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'must be a host name such as docs.example.com');

/**
 * SPEC §3 app config, "from the published app version": what `/appVersion/getPublishAppVersion`
 * answers. `webviewHosts` is the allow-list of outside hosts `/pages/webview/index` may show.
 */
export const appVersionSchema = z.object({
  version: z.string(),
  forceUpdate: z.boolean(),
  downloadUrl: z.string(),
  notes: z.string(),
  webviewHosts: z.array(z.string()),
  publishTimestamp: z.number().int(),
});
export type AppVersion = z.infer<typeof appVersionSchema>;

/** Back office: publishes a new app version (the previous ones stay as history). */
export const adminPublishAppVersionBody = z.strictObject({
  version: z.string().trim().regex(/^\d{1,4}\.\d{1,4}\.\d{1,4}$/, 'must be a version such as 1.4.0'),
  forceUpdate: z.boolean(),
  downloadUrl: z.union([z.literal(''), z.url({ protocol: /^https$/ }).max(500)]),
  notes: z.string().trim().max(APP_NOTES_MAX),
  webviewHosts: z.array(webviewHostSchema).max(WEBVIEW_HOSTS_MAX),
});
export type AdminPublishAppVersionBody = z.infer<typeof adminPublishAppVersionBody>;
