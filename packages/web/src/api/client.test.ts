import { waitFor } from '@testing-library/react';
import { z } from 'zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n';
import { getSession, saveSession } from '../lib/session/session-store';
import { StorageKey } from '../lib/storage';
import { envelope, installFakeFetch } from '../test/fake-fetch';
import { sampleUser } from '../test/sample-user';
import { ApiError } from './api-error';
import { api, apiRequest } from './client';

const greeting = z.object({ hello: z.string() });

function toastText(): string {
  return document.body.querySelector('.adm-toast-main')?.textContent ?? '';
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to reject');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('api client: the request', () => {
  it('posts JSON to the same origin with the language headers', async () => {
    const server = installFakeFetch({ '/hello': () => envelope({ hello: 'world' }) });

    await expect(api.post('/hello', { a: 1 }, { schema: greeting })).resolves.toEqual({ hello: 'world' });

    const [call] = server.calls;
    expect(call?.url).toBe('/hello');
    expect(call?.method).toBe('POST');
    expect(call?.body).toEqual({ a: 1 });
    expect(call?.headers['content-type']).toBe('application/json');
    expect(call?.headers['accept-language']).toBe('en');
    expect(call?.headers.languages).toBe('en');
    expect(call?.headers).not.toHaveProperty('Authorization');
  });

  it('maps the locale to the header spelling of SPEC §7', async () => {
    const server = installFakeFetch({ '/hello': () => envelope({ hello: 'x' }) });
    await i18n.changeLanguage('zh-TW');

    await api.post('/hello', {}, { schema: greeting });

    expect(server.calls[0]?.headers.languages).toBe('zh_TW');
    expect(server.calls[0]?.headers['accept-language']).toBe('zh_TW');
  });

  it('sends the stored token as the Authorization header once logged in', async () => {
    const server = installFakeFetch({ '/hello': () => envelope({ hello: 'x' }) });
    saveSession({ token: 'tok-123', user: sampleUser() });

    await api.post('/hello', {}, { schema: greeting });

    expect(server.calls[0]?.headers.Authorization).toBe('tok-123');
  });

  it('puts GET parameters in the query string and sends no body', async () => {
    const server = installFakeFetch({ '/m_ft/kline': () => envelope({ hello: 'x' }) });

    await api.get('/m_ft/kline', { schema: greeting, query: { stockCode: 'AAPL', type: 1, market: undefined } });

    expect(server.calls[0]?.url).toBe('/m_ft/kline?stockCode=AAPL&type=1');
    expect(server.calls[0]?.method).toBe('GET');
    expect(server.calls[0]?.body).toBeUndefined();
  });

  it('uses VITE_API_BASE as the API host when set', async () => {
    vi.stubEnv('VITE_API_BASE', 'https://api.tradewind.test/');
    const server = installFakeFetch({ '/hello': () => envelope({ hello: 'x' }) });

    await api.post('/hello', {}, { schema: greeting });

    expect(server.calls[0]?.url).toBe('https://api.tradewind.test/hello');
  });
});

describe('api client: answers', () => {
  it('rejects with the server message for any code other than 200', async () => {
    installFakeFetch({ '/hello': () => envelope(null, 409, 'This e-mail is already registered') });

    const error = await rejection(api.post('/hello', {}, { schema: greeting }));

    expect(error.kind).toBe('server');
    expect(error.code).toBe(409);
    expect(error.message).toBe('This e-mail is already registered');
  });

  it('rejects with "Network Error" when the server gives no message', async () => {
    installFakeFetch({ '/hello': () => envelope(null, 500, '') });

    const error = await rejection(api.post('/hello', {}, { schema: greeting }));

    expect(error.message).toBe('Network Error');
  });

  it('reads the envelope code, not only the HTTP status', async () => {
    installFakeFetch({ '/hello': () => ({ status: 200, body: { code: 400, msg: 'Bad field', data: null } }) });

    const error = await rejection(api.post('/hello', {}, { schema: greeting }));

    expect(error.code).toBe(400);
    expect(error.message).toBe('Bad field');
  });

  it('rejects a code-200 answer whose data has an unexpected shape', async () => {
    installFakeFetch({ '/hello': () => envelope({ unexpected: true }) });

    const error = await rejection(api.post('/hello', {}, { schema: greeting }));

    expect(error.kind).toBe('invalid-response');
  });

  it('checks the data with a schema it loads while the request is on its way', async () => {
    installFakeFetch({ '/hello': () => envelope({ hello: 'world' }), '/bad': () => envelope({ hello: 1 }) });
    const load = vi.fn(() => Promise.resolve(greeting));

    await expect(api.get('/hello', { schema: load })).resolves.toEqual({ hello: 'world' });
    expect(load).toHaveBeenCalledTimes(1);
    expect((await rejection(api.get('/bad', { schema: load }))).kind).toBe('invalid-response');
  });

  it('treats a schema that fails to load as a network failure', async () => {
    installFakeFetch({ '/hello': () => envelope({ hello: 'world' }) });

    const error = await rejection(api.get('/hello', { schema: () => Promise.reject(new Error('chunk failed')) }));

    expect(error.kind).toBe('network');
    await waitFor(() => expect(toastText()).toBe('Network Error'));
  });

  it('refuses an answer that is not an envelope, by its HTTP status', async () => {
    installFakeFetch({ '/hello': () => ({ status: 502, body: { code: 'x', msg: 3 } }) });

    const error = await rejection(api.get('/hello', { schema: greeting }));

    expect(error.kind).toBe('server');
    expect(error.code).toBe(502);
  });
});

describe('api client: expired sessions and refusals', () => {
  it.each([401, 403])('on code %i with a session: toasts Login Expired, logs out, goes to login', async (code) => {
    installFakeFetch({ '/api/user/info': () => envelope(null, code, 'Login Expired') });
    saveSession({ token: 'tok-123', user: sampleUser() });
    window.location.hash = '#/pages/profile/index';

    const error = await rejection(api.post('/api/user/info', {}, { schema: greeting }));

    expect(error.kind).toBe('session-expired');
    expect(error.code).toBe(code);
    expect(window.localStorage.getItem(StorageKey.token)).toBeNull();
    expect(window.localStorage.getItem(StorageKey.user)).toBeNull();
    expect(getSession()).toEqual({ token: null, user: null });
    expect(window.location.hash).toBe('#/pages/auth/login');
    await waitFor(() => expect(toastText()).toBe('Login Expired'));
  });

  it('translates the Login Expired toast', async () => {
    installFakeFetch({ '/hello': () => envelope(null, 401, '') });
    saveSession({ token: 'tok-123', user: sampleUser() });
    await i18n.changeLanguage('de');

    await rejection(api.post('/hello', {}, { schema: greeting }));

    await waitFor(() => expect(toastText()).toBe('Anmeldung abgelaufen'));
  });

  it('a 403 the call declares a refusal (trading permission) keeps the session and gives the message', async () => {
    installFakeFetch({ '/stock/create': () => envelope(null, 403, 'Trading permission is required. Apply for it in your account') });
    saveSession({ token: 'tok-123', user: sampleUser() });
    window.location.hash = '#/pages/payment/stock';

    const error = await rejection(apiRequest({ path: '/stock/create', schema: greeting, forbiddenIsRefusal: true }));

    expect(error.kind).toBe('server');
    expect(error.code).toBe(403);
    expect(error.message).toBe('Trading permission is required. Apply for it in your account');
    expect(getSession().token).toBe('tok-123');
    expect(window.location.hash).toBe('#/pages/payment/stock');
    expect(toastText()).toBe('');
  });

  it('a 401 on such a call still logs out', async () => {
    installFakeFetch({ '/stock/create': () => envelope(null, 401, 'Login Expired') });
    saveSession({ token: 'tok-123', user: sampleUser() });

    const error = await rejection(apiRequest({ path: '/stock/create', schema: greeting, forbiddenIsRefusal: true }));

    expect(error.kind).toBe('session-expired');
    expect(getSession().token).toBeNull();
  });

  it('treats a 401 without a session as an ordinary refusal (a wrong login is not an expiry)', async () => {
    installFakeFetch({ '/loginByUsername': () => envelope(null, 401, 'Wrong e-mail or password') });
    window.location.hash = '#/pages/auth/login';

    const error = await rejection(api.post('/loginByUsername', {}, { schema: greeting }));

    expect(error.kind).toBe('server');
    expect(error.message).toBe('Wrong e-mail or password');
  });
});

describe('api client: transport', () => {
  it('toasts "Network Error" and rejects when the request cannot be made', async () => {
    installFakeFetch({ '/hello': () => 'network-error' });

    const error = await rejection(api.post('/hello', {}, { schema: greeting }));

    expect(error.kind).toBe('network');
    expect(error.message).toBe('Network Error');
    await waitFor(() => expect(toastText()).toBe('Network Error'));
  });

  it('a call with the same request id aborts the earlier one, which rejects silently', async () => {
    let calls = 0;
    installFakeFetch({ '/search': () => (++calls === 1 ? 'hang' : envelope({ hello: 'second' })) });

    const first = apiRequest({ path: '/search', schema: greeting, requestId: 'search' });
    const second = apiRequest({ path: '/search', schema: greeting, requestId: 'search' });

    const error = await rejection(first);
    expect(error.kind).toBe('aborted');
    await expect(second).resolves.toEqual({ hello: 'second' });
    expect(toastText()).toBe('');
  });

  it('calls with different request ids do not abort each other', async () => {
    installFakeFetch({ '/a': () => envelope({ hello: 'a' }), '/b': () => envelope({ hello: 'b' }) });

    const results = await Promise.all([
      apiRequest({ path: '/a', schema: greeting, requestId: 'one' }),
      apiRequest({ path: '/b', schema: greeting, requestId: 'two' }),
    ]);

    expect(results).toEqual([{ hello: 'a' }, { hello: 'b' }]);
  });

  it('an abort by the caller rejects silently', async () => {
    installFakeFetch({ '/hello': () => 'hang' });
    const controller = new AbortController();

    const pending = api.post('/hello', {}, { schema: greeting, signal: controller.signal });
    controller.abort();

    expect((await rejection(pending)).kind).toBe('aborted');
    expect(toastText()).toBe('');
  });

  it('gives up after 120000 ms as a network error', async () => {
    vi.useFakeTimers();
    installFakeFetch({ '/slow': () => 'hang' });

    const pending = rejection(api.post('/slow', {}, { schema: greeting }));
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    const error = await pending;
    expect(error.kind).toBe('network');
    expect(error.message).toBe('Network Error');
  });
});
