/** The app's own documents, shown from its translations in the reader's language. */
export const internalDocuments = ['terms', 'privacy'] as const;
export type InternalDocument = (typeof internalDocuments)[number];

export type DocumentTarget =
  | { kind: 'internal'; document: InternalDocument }
  | { kind: 'external'; url: string; host: string }
  | { kind: 'refused'; reason: 'missing' | 'invalid' | 'insecure' }
  | { kind: 'refused'; reason: 'host'; host: string };

/** The app's own document a query asks for (`doc=terms`), if any: shown without waiting for the allow-list. */
export function internalDocumentOf(query: URLSearchParams): InternalDocument | null {
  const doc = query.get('doc');
  return internalDocuments.find((name) => name === doc) ?? null;
}

/**
 * What `/pages/webview/index` may show for its query: `doc=terms|privacy` (the app's own), or
 * `url=` a page of this app's own origin or an https page whose host is on the published allow-list.
 * Anything else is refused, naming the host, so a crafted link cannot dress a foreign page as ours.
 */
export function resolveDocument(query: URLSearchParams, allowedHosts: readonly string[], ownOrigin: string): DocumentTarget {
  const internal = internalDocumentOf(query);
  if (internal) return { kind: 'internal', document: internal };
  const raw = query.get('url');
  if (!raw) return { kind: 'refused', reason: query.has('doc') ? 'invalid' : 'missing' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { kind: 'refused', reason: 'invalid' };
  }
  if (url.origin === ownOrigin) return { kind: 'external', url: url.href, host: url.host };
  if (url.protocol !== 'https:') return { kind: 'refused', reason: 'insecure' };
  const host = url.hostname.toLowerCase();
  if (url.username || url.password || !allowedHosts.includes(host)) return { kind: 'refused', reason: 'host', host };
  return { kind: 'external', url: url.href, host };
}
