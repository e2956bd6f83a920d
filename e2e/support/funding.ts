import { PHONE_USER_AGENT } from './browser';
import { type AdminAccess, latestEmailCode } from './outbox';

/*
 * Test-only ways to set up a trading user without the deposit screens: register through the API
 * (the e-mail code read from the back office's outbox) and credit a wallet by hand through the
 * audited back-office call `POST /admin/users/{id}/credit`, as an operator would.
 */

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': PHONE_USER_AGENT, ...(token ? { Authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Envelope<T>;
  if (answer.code !== 200) throw new Error(`POST ${url} answered ${answer.code}: ${answer.msg}`);
  return answer.data;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  token: string;
}

/** A new user registered with a real e-mail code, and their session. */
export async function registerUser(access: AdminAccess, email: string, password: string): Promise<TestUser> {
  await post(`${access.baseUrl}/getEmailCode`, { email, type: 'register' });
  const code = await latestEmailCode(access, email);
  const session = await post<{ token: string; user: { id: number } }>(`${access.baseUrl}/register/email`, { email, code, password });
  return { id: session.user.id, email, password, token: session.token };
}

/** Credits a user's wallet as the back office does for money received outside the app. */
export async function creditWallet(access: AdminAccess, userId: number, walletType: string, amount: number, currency?: string): Promise<void> {
  const admin = await post<{ token: string }>(`${access.baseUrl}/loginByUsername`, { username: access.adminEmail, password: access.adminPassword });
  await post(
    `${access.baseUrl}/admin/users/${userId}/credit`,
    { walletType, amount, reason: 'e2e: fund a test user', ...(currency ? { currency } : {}) },
    admin.token,
  );
}

/** A tiny JPEG by its magic bytes (what the upload check reads), for an identity document. */
const DOCUMENT_JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, ...new Array<number>(48).fill(9)]);

async function adminSession(access: AdminAccess): Promise<string> {
  const admin = await post<{ token: string }>(`${access.baseUrl}/loginByUsername`, { username: access.adminEmail, password: access.adminPassword });
  return admin.token;
}

/** Identity verification as a user submits it (a passport photo uploaded first) and staff approve it. */
export async function verifyIdentity(access: AdminAccess, user: TestUser, name = { firstName: 'Test', lastName: 'Trader' }): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([DOCUMENT_JPEG], { type: 'image/jpeg' }), 'passport.jpg');
  const uploaded = await fetch(`${access.baseUrl}/file/upload`, { method: 'POST', headers: { Authorization: user.token, 'user-agent': PHONE_USER_AGENT }, body: form });
  const { data: upload } = (await uploaded.json()) as Envelope<{ url: string }>;
  const application = await post<{ id: number }>(
    `${access.baseUrl}/updateReal`,
    { ...name, country: 'US', documentType: 'passport', documentNumber: `P${user.id}0000`, frontUrl: upload.url },
    user.token,
  );
  await post(`${access.baseUrl}/admin/kyc/${application.id}/approve`, {}, await adminSession(access));
}

/**
 * Trading permission as the Apply button asks for it. It needs a verified identity (issue 20), so
 * the identity is verified first; a demo server (TRADING_AUTO_APPROVE) then grants it at once.
 */
export async function grantTrading(access: AdminAccess, user: TestUser): Promise<void> {
  await verifyIdentity(access, user);
  const answer = await post<{ tradePermission: number }>(`${access.baseUrl}/api/user/userSet/applyStatus`, {}, user.token);
  if (answer.tradePermission !== 3) throw new Error(`trading permission was not granted (status ${answer.tradePermission})`);
}
