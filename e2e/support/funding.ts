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

/** Trading permission as the Apply button asks for it (a demo server approves at once). */
export async function grantTrading(baseUrl: string, user: TestUser): Promise<void> {
  await post(`${baseUrl}/api/user/userSet/applyStatus`, {}, user.token);
}
