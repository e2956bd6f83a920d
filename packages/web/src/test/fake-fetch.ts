import { vi } from 'vitest';

/** One request as the server would have seen it. */
export interface RecordedCall {
  url: string;
  path: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

export type FakeReply = { status?: number; body: unknown } | 'network-error' | 'hang';
type Handler = (call: RecordedCall) => FakeReply | Promise<FakeReply>;

export function envelope(data: unknown, code = 200, msg = 'success') {
  return { status: code === 200 ? 200 : code, body: { code, msg, data } };
}

/**
 * Stands in for the network at the one boundary the app has (global fetch): routes by path to
 * handlers and records every call. `hang` never answers until the request is aborted.
 */
export function installFakeFetch(routes: Record<string, Handler> = {}) {
  const calls: RecordedCall[] = [];
  const handlers = new Map(Object.entries(routes));

  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const parsed = new URL(url, 'http://app.test');
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>));
    const call: RecordedCall = {
      url,
      path: parsed.pathname,
      method: init.method ?? 'GET',
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const handler = handlers.get(call.path);
    const reply: FakeReply = handler ? await handler(call) : { status: 404, body: { code: 404, msg: 'Not found', data: null } };
    const signal = init.signal;
    const abortError = () => new DOMException('The operation was aborted.', 'AbortError');
    if (signal?.aborted) throw abortError();
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    if (reply === 'hang') {
      return new Promise<Response>((_, reject) => {
        signal?.addEventListener('abort', () => reject(abortError()));
      });
    }
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });

  vi.stubGlobal('fetch', fetchStub);
  return {
    calls,
    on(path: string, handler: Handler) {
      handlers.set(path, handler);
    },
    callsTo(path: string) {
      return calls.filter((call) => call.path === path);
    },
  };
}
