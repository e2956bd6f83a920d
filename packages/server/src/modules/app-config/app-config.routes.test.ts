import type { AppVersion } from '@tradewind/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { adminToken, call, createTestContext, registerUser, type TestContext } from '../../../test/test-app.js';
import { shownField } from '../../../test/shown-field.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const publish = (token: string, body: unknown, headers?: Record<string, string>) =>
  call<AppVersion>(ctx.app, 'POST', '/admin/appVersion', { token, body, ...(headers && { headers }) });
const published = () => call<AppVersion>(ctx.app, 'GET', '/appVersion/getPublishAppVersion');

const next = { version: '1.4.0', forceUpdate: true, downloadUrl: 'https://tradewind.example/app', notes: 'Referral QR codes', webviewHosts: ['Docs.Example.com', 'docs.example.com'] };

describe('app version', () => {
  it('serves the seeded version to anyone, signed in or not', async () => {
    const answer = await published();
    expect(answer).toMatchObject({ code: 200, data: { version: '1.0.0', forceUpdate: false, webviewHosts: [] } });
  });

  it('lets staff publish a new version, which is then served, with an audit row', async () => {
    const admin = await adminToken(ctx.app);
    const answer = await publish(admin, next);
    expect(answer.code).toBe(200);
    expect(answer.data).toMatchObject({ version: '1.4.0', forceUpdate: true, webviewHosts: ['docs.example.com'] });
    expect((await published()).data).toEqual(answer.data);
    const audits = await queryRows<{ action: string; subject: string }>(ctx.app.database.db, sql`SELECT action, subject FROM audit_log WHERE action = 'appVersion.publish'`);
    expect(audits).toEqual([{ action: 'appVersion.publish', subject: '1.4.0' }]);
  });

  it('refuses a customer with 403 and changes nothing', async () => {
    const { token } = await registerUser(ctx.app);
    const before = (await published()).data;
    expect((await publish(token, { ...next, version: '9.9.9' })).code).toBe(403);
    expect((await published()).data).toEqual(before);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const admin = await adminToken(ctx.app);
    const cases: Array<[unknown, string]> = [
      [{ ...next, version: 'latest' }, 'version'],
      [{ ...next, downloadUrl: 'http://insecure.example/app' }, 'downloadUrl'],
      [{ ...next, webviewHosts: ['https://docs.example.com/terms'] }, 'webviewHosts.0'],
      [{ ...next, notes: 'x'.repeat(2001) }, 'notes'],
      [{ version: '1.5.0' }, 'forceUpdate'],
    ];
    for (const [body, field] of cases) {
      const answer = await publish(admin, body);
      expect(answer.code, field).toBe(400);
      expect(answer.msg, field).toContain(shownField(field));
    }
  });
});
