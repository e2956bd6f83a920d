import type { LedgerAuditReport } from '@tradewind/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, createTestContext, fund, registerUser, type TestContext } from '../../../test/test-app.js';
import { queryRows } from '../../db/client.js';

let ctx: TestContext;
let userId: number;
let userToken: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const user = await registerUser(ctx.app);
  userId = user.user.id;
  userToken = user.token;
  await fund(ctx.app, userId, 500_000);
  await fund(ctx.app, userId, 12_345, 'BALANCE', 'EUR');
});
afterAll(() => ctx.close());

const check = async (token: string) => call<LedgerAuditReport>(ctx.app, 'GET', '/admin/ledger/audit', { token });

describe('GET /admin/ledger/audit (the back office\'s "Check the ledger")', () => {
  it('reports a sound ledger with every currency summing to 0, and records that staff checked it', async () => {
    const answer = await check(await adminToken(ctx.app));
    expect(answer.code).toBe(200);
    expect(answer.data).toMatchObject({ unbalancedEntries: 0, accountsOffTheirPostings: 0, negativeUserAccounts: 0, frozenNotMatchingHolds: 0, sound: true });
    expect(answer.data?.totalsByCurrency).toEqual({ USD: 0, EUR: 0 });
    expect(answer.data?.checkedAtTimestamp).toBe(ctx.clock.now().getTime());
    const logged = await queryRows<{ subject: string }>(ctx.database.db, sql`SELECT subject FROM audit_log WHERE action = 'ledger.audit'`);
    expect(logged).toEqual([{ subject: 'sound' }]);
  });

  it('is refused to a user', async () => {
    const answer = await check(userToken);
    expect(answer.code).toBe(403);
    expect(answer.data).toBeFalsy();
  });

  it('finds a frozen amount with no hold behind it', async () => {
    await ctx.database.db.execute(sql`UPDATE ledger_accounts SET frozen = frozen + 1 WHERE user_id = ${userId} AND currency = 'USD' AND balance > 0`);
    const answer = await check(await adminToken(ctx.app));
    expect(answer.data).toMatchObject({ frozenNotMatchingHolds: 1, sound: false });
  });
});
