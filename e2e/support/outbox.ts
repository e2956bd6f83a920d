/** What the back office's outbox lists (DESIGN §11: newest first). */
interface OutboxMessage {
  to: string;
  subject: string;
  code: string | null;
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function call<T>(url: string, init: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  const body = (await response.json()) as Envelope<T>;
  if (body.code !== 200) throw new Error(`${init.method ?? 'GET'} ${url} answered ${body.code}: ${body.msg}`);
  return body.data;
}

export interface AdminAccess {
  baseUrl: string;
  adminEmail: string;
  adminPassword: string;
}

async function adminToken({ baseUrl, adminEmail, adminPassword }: AdminAccess): Promise<string> {
  const session = await call<{ token: string }>(`${baseUrl}/loginByUsername`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: adminEmail, password: adminPassword }),
  });
  return session.token;
}

/**
 * The newest e-mail code sent to `to`, read the way an operator would: through the back office's
 * outbox (DESIGN §9). Polls briefly, since the mail is written as the code is sent.
 */
export async function latestEmailCode(access: AdminAccess, to: string): Promise<string> {
  const token = await adminToken(access);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const messages = await call<OutboxMessage[]>(`${access.baseUrl}/admin/outbox?to=${encodeURIComponent(to)}`, {
      headers: { Authorization: token },
    });
    const code = messages.find((message) => message.code)?.code;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no e-mail code reached the outbox for ${to}`);
}
