import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config/config.js';
import { queryRows } from '../../db/client.js';
import { adminToken, call, createTestContext, eventually, uniqueEmail, type TestContext } from '../../../test/test-app.js';
import { TestSmtpServer } from '../../../test/smtp-server.js';
import { retryDelayMs } from './email.service.js';

let smtp: TestSmtpServer;
let ctx: TestContext;
beforeAll(async () => {
  smtp = new TestSmtpServer();
  await smtp.start();
  ctx = await createTestContext({ SMTP_URL: smtp.url, MAIL_RETRY_SECONDS: '5', MAIL_MAX_ATTEMPTS: '3' });
});
afterAll(async () => {
  await ctx.close();
  await smtp.stop();
});

/** The code in a received mail's text part (quoted-printable may wrap lines, the 6 digits stay together). */
const codeIn = (data: string) => /\b(\d{6})\b/.exec(data)?.[1];
const mailTo = (address: string) => smtp.received.filter((m) => m.to.some((to) => to.includes(address)));
const outbox = (address: string) =>
  queryRows<{ status: string; attempts: number; code: string | null; body: string; last_error: string | null }>(
    ctx.database.db,
    sql`SELECT status, attempts, code, body, last_error FROM email_outbox WHERE to_address = ${address} ORDER BY id`,
  );

describe('mail through the outbox', () => {
  it('sends a code over SMTP as text and HTML in the reader’s language, then blanks it from the stored copy', async () => {
    const email = uniqueEmail('ja');
    const answer = await call(ctx.app, 'POST', '/getEmailCode', { body: { email, type: 'register' }, headers: { languages: 'ja' } });
    expect(answer.code).toBe(200);
    await eventually(() => mailTo(email).length === 1);
    const [mail] = mailTo(email);
    expect(mail!.data).toMatch(/Content-Type: multipart\/alternative/i);
    expect(mail!.data).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
    expect(mail!.data).toMatch(/Content-Type: text\/html; charset=utf-8/i);
    expect(mail!.data).toContain('=?UTF-8?'); // the Japanese subject, encoded
    const code = codeIn(mail!.data)!;
    expect(code).toMatch(/^\d{6}$/);
    await eventually(async () => (await outbox(email))[0]?.status === 'sent');
    const [row] = await outbox(email);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, code: null });
    expect(row!.body).not.toContain(code);
    expect(row!.body).toContain('アカウント');

    // The back office sees the mail but not the code.
    const admin = await adminToken(ctx.app);
    const listed = await call<{ body: string; code: string | null }[]>(ctx.app, 'GET', `/admin/outbox?to=${encodeURIComponent(email)}`, { token: admin });
    expect(listed.data[0]).toMatchObject({ code: null });
    expect(listed.data[0]!.body).not.toContain(code);

    const registered = await call(ctx.app, 'POST', '/register/email', { body: { email, password: 'Tr4de-wind!', code } });
    expect(registered.code).toBe(200);
  });

  it('answers 200 while SMTP is down and delivers the codes once it is back', async () => {
    await smtp.stop();
    const emails = [uniqueEmail('down'), uniqueEmail('down')];
    for (const email of emails) {
      const answer = await call(ctx.app, 'POST', '/getEmailCode', { body: { email, type: 'register' } });
      expect(answer).toMatchObject({ status: 200, code: 200 });
    }
    // Each mail was tried, failed, and waits for its retry.
    await eventually(async () => (await Promise.all(emails.map(outbox))).every(([row]) => row?.attempts === 1), 10_000);
    for (const email of emails) expect((await outbox(email))[0]).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await outbox(emails[0]!))[0]!.last_error).toMatch(/ECONNREFUSED|connect/i);

    await smtp.start();
    // Nothing is sent before the retry is due.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(mailTo(emails[0]!)).toEqual([]);
    ctx.clock.advance(10_000);
    await eventually(() => emails.every((email) => mailTo(email).length === 1), 10_000);
    for (const email of emails) {
      expect((await outbox(email))[0]).toMatchObject({ status: 'sent', attempts: 2 });
      const code = codeIn(mailTo(email)[0]!.data)!;
      expect((await call(ctx.app, 'POST', '/register/email', { body: { email, password: 'Tr4de-wind!', code } })).code).toBe(200);
    }
  });

  it('gives up after MAIL_MAX_ATTEMPTS and says so in the outbox', async () => {
    await smtp.stop();
    const email = uniqueEmail('lost');
    expect((await call(ctx.app, 'POST', '/getEmailCode', { body: { email, type: 'register' } })).code).toBe(200);
    for (let attempt = 1; attempt <= 3; attempt++) {
      await eventually(async () => (await outbox(email))[0]?.attempts === attempt, 10_000);
      ctx.clock.advance(3_600_000);
    }
    await eventually(async () => (await outbox(email))[0]?.status === 'failed', 5000);
    expect((await outbox(email))[0]).toMatchObject({ status: 'failed', attempts: 3, code: null });
    await smtp.start();
  });

  it('waits longer after each failure, with jitter, and at most an hour', () => {
    expect(retryDelayMs(1, 10, () => 0.5)).toBe(10_000);
    expect(retryDelayMs(2, 10, () => 0.5)).toBe(20_000);
    expect(retryDelayMs(4, 10, () => 0.5)).toBe(80_000);
    expect(retryDelayMs(30, 10, () => 0.5)).toBe(3_600_000);
    expect(retryDelayMs(1, 10, () => 0)).toBe(8_000);
    expect(retryDelayMs(1, 10, () => 1)).toBe(12_000);
  });
});

describe('a production start', () => {
  it('refuses to run without SMTP_URL unless MAIL_LOG_ONLY=true says so', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL: is required when NODE_ENV is production/);
    expect(loadConfig({ NODE_ENV: 'production', MAIL_LOG_ONLY: 'true' }).MAIL_LOG_ONLY).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587' }).SMTP_URL).toBe('smtp://mail.example.com:587');
    expect(loadConfig({ NODE_ENV: 'development' }).SMTP_URL).toBeUndefined();
  });
});
