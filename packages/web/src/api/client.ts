import { ApiCode } from '@tradewind/contract';
import { i18n, languageHeader } from '../i18n/i18n';
import { REQUEST_TIMEOUT_MS } from '../lib/constants';
import { clearSession, getToken } from '../lib/session/session-store';
import { showToast } from '../lib/toast';
import { ApiError } from './api-error';

export const LOGIN_ROUTE_HASH = '#/pages/auth/login';

/** What checks the `data` of an answer: a zod schema (from the contract) fits. */
export interface DataCheck<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/**
 * A check, or a function that loads one (`() => import('./x-schema').then(…)`). Calls made for the
 * first paint of Home pass a loader, so zod is not part of that paint: it loads beside the request.
 */
export type ResponseSchema<T> = DataCheck<T> | (() => Promise<DataCheck<T>>);

/** For calls whose `data` the app does not read (DESIGN §11: `null`); any value is accepted. */
export const ignoredData: DataCheck<unknown> = { safeParse: (value) => ({ success: true, data: value }) };

type QueryValue = string | number | boolean | undefined;

export interface ApiRequest<T> {
  path: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Validates `data` of a code-200 answer, so pages never render a shape they did not expect. */
  schema: ResponseSchema<T>;
  /** A newer call with the same id aborts the earlier one (SPEC §7), e.g. search-as-you-type. */
  requestId?: string;
  /** Lets TanStack Query cancel a call it no longer needs. */
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * A 403 on this call refuses the action (trading permission), not the session: it rejects as an
   * ordinary server refusal instead of logging out (SPEC §8 otherwise treats 401 and 403 alike).
   */
  forbiddenIsRefusal?: boolean;
}

/** Same origin by default, so the server that serves the app also answers its calls. */
export function apiBase(): string {
  const configured: unknown = import.meta.env.VITE_API_BASE;
  return typeof configured === 'string' ? configured.replace(/\/+$/, '') : '';
}

function buildUrl(path: string, query: Record<string, QueryValue> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${apiBase()}${path}${search ? `?${search}` : ''}`;
}

const inFlightById = new Map<string, AbortController>();

interface Envelope {
  code: number;
  msg?: string | null;
  data: unknown;
}

/** `{code, msg, data}` (SPEC §7), checked by hand: the client itself does not need zod. */
function readEnvelope(payload: unknown): Envelope | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { code, msg, data } = payload as Record<string, unknown>;
  if (typeof code !== 'number' || Number.isNaN(code)) return null;
  if (msg !== undefined && msg !== null && typeof msg !== 'string') return null;
  return { code, msg, data };
}

function networkError(): ApiError {
  const message = i18n.t('common.networkError');
  showToast(message);
  return new ApiError('network', message);
}

/** Signs out because the session is no longer valid: says so, drops it and goes to sign-in. */
export function expireSession(code: number, serverMessage: string | null | undefined): ApiError {
  const message = i18n.t('common.loginExpired');
  showToast(message);
  clearSession();
  if (window.location.hash !== LOGIN_ROUTE_HASH) window.location.hash = LOGIN_ROUTE_HASH;
  return new ApiError('session-expired', serverMessage || message, code);
}

/**
 * The one way the app talks to the server: JSON in, `{code, msg, data}` out, code 200 is success
 * (SPEC §7, §8). Failures reject with an ApiError; transport failures and expired sessions are
 * already toasted here, server refusals are left to the caller to show.
 */
export async function apiRequest<T>(request: ApiRequest<T>): Promise<T> {
  const { path, method = 'POST', body, query, schema, requestId, signal, headers, forbiddenIsRefusal } = request;

  const controller = new AbortController();
  if (requestId) {
    inFlightById.get(requestId)?.abort();
    inFlightById.set(requestId, controller);
  }
  const abortFromCaller = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', abortFromCaller);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);

  const token = getToken();
  const language = languageHeader();
  // A loaded check is fetched while the request is on its way; its failure to load is a network failure.
  const check = typeof schema === 'function' ? schema() : Promise.resolve(schema);
  check.catch(() => undefined);

  try {
    let status: number;
    let payload: unknown;
    try {
      const response = await fetch(buildUrl(path, query), {
        method,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'accept-language': language,
          languages: language,
          ...(token ? { Authorization: token } : {}),
          ...headers,
        },
        body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
        signal: controller.signal,
      });
      status = response.status;
      payload = await response.json().catch(() => undefined);
    } catch {
      // Only an abort someone asked for is silent; a timeout is a transport failure like any other.
      if (controller.signal.aborted && !timedOut) throw new ApiError('aborted', 'aborted');
      throw networkError();
    }

    const envelope = readEnvelope(payload);
    const code = envelope ? envelope.code : status;
    const serverMessage = envelope?.msg;

    if (code === ApiCode.Success && envelope) {
      let checker: DataCheck<T>;
      try {
        checker = await check;
      } catch {
        throw networkError();
      }
      const data = checker.safeParse(envelope.data);
      if (data.success) return data.data;
      throw new ApiError('invalid-response', i18n.t('common.networkError'), code);
    }
    // Without a session there is nothing to expire: a refused login is an ordinary error.
    const expired = code === ApiCode.Unauthorized || (code === ApiCode.Forbidden && !forbiddenIsRefusal);
    if (expired && token) throw expireSession(code, serverMessage);
    throw new ApiError('server', serverMessage || i18n.t('common.networkError'), code);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abortFromCaller);
    if (requestId && inFlightById.get(requestId) === controller) inFlightById.delete(requestId);
  }
}

type RequestOptions<T> = Omit<ApiRequest<T>, 'path' | 'method' | 'body'>;

export const api = {
  get: <T>(path: string, options: RequestOptions<T>) => apiRequest({ ...options, path, method: 'GET' }),
  post: <T>(path: string, body: unknown, options: RequestOptions<T>) =>
    apiRequest({ ...options, path, method: 'POST', body }),
};
