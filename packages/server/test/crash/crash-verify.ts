import type pg from 'pg';
import { openDatabase } from '../../src/db/client.js';
import { auditLedger, ledgerViolations } from '../../src/modules/ledger/ledger-invariants.js';
import { acceptAnswer, retry, type Op, type OpKind } from './crash-load.js';

/** The table a keyed call's answer id points into, and which of its rows such calls create. */
const created: Partial<Record<OpKind, string>> = {
  transfer: `SELECT id, user_id FROM wallet_transfers WHERE user_id = ANY($1)`,
  order: `SELECT id, user_id FROM orders WHERE user_id = ANY($1) AND open_close = 0 AND reason = 'user' AND follow_id IS NULL`,
  close: `SELECT id, user_id FROM orders WHERE user_id = ANY($1) AND open_close = 1 AND reason = 'user'`,
  withdrawal: `SELECT id, user_id FROM withdrawals WHERE user_id = ANY($1)`,
  deposit: `SELECT id, user_id FROM deposits WHERE user_id = ANY($1)`,
};

async function rows<T>(client: pg.Client, text: string, values: unknown[] = []): Promise<T[]> {
  return (await client.query(text, values)).rows as T[];
}

async function storedKeys(client: pg.Client, userIds: number[]): Promise<Map<string, { id?: number }>> {
  const found = await rows<{ user_id: string; key: string; response: { id?: number } | null }>(
    client,
    `SELECT user_id, key, response FROM idempotency_keys WHERE user_id = ANY($1)`,
    [userIds],
  );
  return new Map(found.map((row) => [`${row.user_id}:${row.key}`, row.response ?? {}]));
}

const describe = (op: Op) => `#${op.seq} ${op.kind} ${op.path} user ${op.user.id}${op.key ? ` key ${op.key}` : ''} ${JSON.stringify(op.body)}`;

/**
 * After a restart: every call whose answer was lost must have happened entirely or not at all. A
 * keyed call is then sent again with the same key: the answer must be the stored one (or, if
 * nothing was stored, the call is simply done now). A deposit report carries no key; it is found by
 * its amount (unique per user). A review is sent again: it either does the work or says it is done.
 */
export async function settleUnknowns(client: pg.Client, baseUrl: string, adminToken: string, ops: Op[], kill: number): Promise<{ violations: string[]; present: number; absent: number }> {
  const violations: string[] = [];
  let present = 0;
  let absent = 0;
  const unknown = ops.filter((op) => op.outcome === 'unknown');
  if (unknown.length === 0) return { violations, present, absent };
  const keys = await storedKeys(client, [...new Set(unknown.map((op) => op.user.id))]);
  for (const op of unknown) {
    op.resolvedAfterKill = kill;
    if (op.kind === 'deposit') {
      const found = await rows<{ id: string }>(client, `SELECT id FROM deposits WHERE user_id = $1 AND amount = $2`, [op.user.id, op.amountCents]);
      if (found.length > 1) violations.push(`${describe(op)}: answer lost, and the deposit is stored ${found.length} times`);
      if (found.length === 1) {
        op.outcome = 'ok';
        op.id = Number(found[0]?.id);
        present++;
      } else {
        op.outcome = 'refused';
        absent++;
      }
      continue;
    }
    const stored = op.key ? keys.get(`${op.user.id}:${op.key}`) : undefined;
    if (stored) {
      present++;
      const table = created[op.kind];
      if (table && stored.id !== undefined) {
        const hit = await rows(client, `SELECT * FROM (${table}) t WHERE id = $2`, [[op.user.id], stored.id]);
        if (hit.length !== 1) violations.push(`${describe(op)}: its key is stored with id ${stored.id}, but that row is missing (half done)`);
      }
    } else if (op.key) {
      absent++;
    }
    const again = await retry(baseUrl, op, adminToken);
    const reviewDone = (op.kind === 'deposit-review' || op.kind === 'withdrawal-review') && again.status === 409;
    if (again.outcome === 'ok' || reviewDone) {
      if (!op.key && reviewDone) present++;
      else if (!op.key) absent++;
      op.outcome = 'ok';
      op.status = 200;
      if (again.outcome === 'ok') acceptAnswer(op, again.data);
      if (stored && op.id !== stored.id) violations.push(`${describe(op)}: sent again with its key it answered id ${op.id}, but id ${stored.id} is stored`);
    } else if (again.outcome === 'refused' && !stored) {
      op.outcome = 'refused';
      op.status = again.status;
      op.message = again.message;
    } else {
      violations.push(`${describe(op)}: sent again after the restart it answered ${again.status} ${again.message}${stored ? ' although its first answer is stored' : ''}`);
    }
  }
  return { violations, present, absent };
}

interface HoldRow {
  id: string;
  amount: string;
  status: string;
}

/**
 * Every recorded call against the database: successes present exactly once, refusals without a
 * trace, reviews applied once; then the ledger: DESIGN §4's audit, the margin account against open
 * positions, and each pending transfer, resting limit order and pending withdrawal holding exactly
 * its own pending hold (and no pending hold without one of them).
 */
export async function verify(client: pg.Client, databaseUrl: string, ops: Op[], userIds: number[]): Promise<string[]> {
  const violations: string[] = [];
  const keys = await storedKeys(client, userIds);
  const okKeys = new Set<string>();
  for (const op of ops) {
    if (op.outcome === 'unknown') {
      violations.push(`${describe(op)}: outcome still unknown (${op.status} ${op.message})`);
      continue;
    }
    if (!op.key) continue;
    const name = `${op.user.id}:${op.key}`;
    const stored = keys.get(name);
    if (op.outcome === 'ok') {
      okKeys.add(name);
      if (!stored) violations.push(`${describe(op)}: answered success (id ${op.id}) but its idempotency key is not stored`);
      else if (stored.id !== op.id) violations.push(`${describe(op)}: answered id ${op.id} but id ${stored.id} is stored under its key`);
    } else if (stored) {
      violations.push(`${describe(op)}: refused (${op.status} ${op.message}) but its key is stored with id ${stored.id}`);
    }
  }
  for (const name of keys.keys()) if (!okKeys.has(name)) violations.push(`idempotency key ${name} is stored but no call with it was answered success`);

  for (const [kind, query] of Object.entries(created) as [OpKind, string][]) {
    const inDb = new Map<number, number>();
    for (const row of await rows<{ id: string }>(client, query, [userIds])) inDb.set(Number(row.id), (inDb.get(Number(row.id)) ?? 0) + 1);
    const answered = new Map<number, Op>();
    for (const op of ops) {
      if (op.kind !== kind || op.outcome !== 'ok') continue;
      if (op.id === undefined) violations.push(`${describe(op)}: answered success without an id`);
      else if (answered.has(op.id)) violations.push(`${describe(op)}: id ${op.id} was answered to two calls (#${answered.get(op.id)?.seq} too)`);
      else answered.set(op.id, op);
    }
    for (const [id, op] of answered) if (!inDb.has(id)) violations.push(`${describe(op)}: answered success with id ${id}, but no such ${kind} is stored (lost)`);
    for (const id of inDb.keys()) if (!answered.has(id)) violations.push(`${kind} ${id} is stored but no call that created it was answered success (a trace, or done twice)`);
  }

  // Reviews: an approved deposit credited exactly once; a withdrawal's hold ended as decided.
  const approvedTargets = new Set(ops.filter((op) => op.kind === 'deposit-review' && op.outcome === 'ok').map((op) => op.target));
  const deposits = await rows<{ id: string; status: number; credits: number }>(
    client,
    `SELECT d.id, d.status, (SELECT count(*)::int FROM journal_entries j WHERE j.reference_type = 'deposit' AND j.reference_id = d.id) AS credits
       FROM deposits d WHERE d.user_id = ANY($1)`,
    [userIds],
  );
  for (const deposit of deposits) {
    const approved = approvedTargets.has(Number(deposit.id));
    const expectedCredits = deposit.status === 3 ? 1 : 0;
    if (deposit.credits !== expectedCredits) violations.push(`deposit ${deposit.id} (status ${deposit.status}) is credited ${deposit.credits} times`);
    if (approved !== (deposit.status === 3)) violations.push(`deposit ${deposit.id}: status ${deposit.status}, but its approval was ${approved ? '' : 'not '}answered success`);
  }
  const decided = new Map(ops.filter((op) => op.kind === 'withdrawal-review' && op.outcome === 'ok').map((op) => [op.target, op.decision]));
  const withdrawals = await rows<{ id: string; status: number; amount: string; hold_status: string; hold_amount: string }>(
    client,
    `SELECT w.id, w.status, w.amount::text AS amount, h.status AS hold_status, h.amount::text AS hold_amount FROM withdrawals w JOIN holds h ON h.id = w.hold_id WHERE w.user_id = ANY($1)`,
    [userIds],
  );
  for (const w of withdrawals) {
    const decision = decided.get(Number(w.id));
    const expected = decision === 'approve' ? [3, 'posted'] : decision === 'reject' ? [2, 'voided'] : [1, 'pending'];
    if (w.status !== expected[0] || w.hold_status !== expected[1]) {
      violations.push(`withdrawal ${w.id}: status ${w.status} with its hold ${w.hold_status}, expected ${expected[0]} / ${expected[1]} (review answered: ${decision ?? 'none'})`);
    }
    if (w.hold_amount !== w.amount) violations.push(`withdrawal ${w.id}: holds ${w.hold_amount} for an amount of ${w.amount}`);
  }

  // Holds: what is pending must be held, exactly, and nothing else may be frozen.
  const owners = new Map<string, string>();
  const own = (holdId: string, owner: string) => {
    const before = owners.get(holdId);
    if (before) violations.push(`hold ${holdId} belongs to both ${before} and ${owner}`);
    owners.set(holdId, owner);
  };
  const transfers = await rows<{ id: string; status: string; amount: string; hold_id: string; hold_status: string; hold_amount: string }>(
    client,
    `SELECT t.id, t.status, t.amount::text AS amount, t.hold_id, h.status AS hold_status, h.amount::text AS hold_amount FROM wallet_transfers t LEFT JOIN holds h ON h.id = t.hold_id WHERE t.user_id = ANY($1)`,
    [userIds],
  );
  const holdAfter: Record<string, string> = { pending: 'pending', settled: 'posted', cancelled: 'voided' };
  for (const t of transfers) {
    own(t.hold_id, `transfer ${t.id}`);
    if (t.hold_status !== holdAfter[t.status]) violations.push(`transfer ${t.id} is ${t.status} but its hold ${t.hold_id} is ${t.hold_status ?? 'missing'}`);
    if (t.hold_amount !== t.amount) violations.push(`transfer ${t.id} of ${t.amount} holds ${t.hold_amount ?? 'nothing'}`);
  }
  const limitOrders = await rows<{ id: string; status: number; reserve: string; hold_id: string; hold_status: string; hold_amount: string }>(
    client,
    `SELECT o.id, o.status, (o.margin + o.fee)::text AS reserve, o.hold_id, h.status AS hold_status, h.amount::text AS hold_amount
       FROM orders o LEFT JOIN holds h ON h.id = o.hold_id WHERE o.user_id = ANY($1) AND o.hold_id IS NOT NULL`,
    [userIds],
  );
  for (const o of limitOrders) {
    own(o.hold_id, `order ${o.id}`);
    const expected = o.status === 0 ? 'pending' : o.status === 1 ? 'posted' : 'voided';
    if (o.hold_status !== expected) violations.push(`limit order ${o.id} has status ${o.status} but its hold ${o.hold_id} is ${o.hold_status ?? 'missing'}`);
    if (o.status === 0 && o.hold_amount !== o.reserve) violations.push(`resting limit order ${o.id} reserves ${o.reserve} but holds ${o.hold_amount ?? 'nothing'}`);
  }
  for (const w of await rows<{ id: string; hold_id: string }>(client, `SELECT id, hold_id FROM withdrawals WHERE user_id = ANY($1)`, [userIds])) own(w.hold_id, `withdrawal ${w.id}`);
  const pendingHolds = await rows<HoldRow>(
    client,
    `SELECT h.id, h.amount::text AS amount, h.status FROM holds h JOIN ledger_accounts a ON a.id = h.account_id WHERE a.user_id = ANY($1) AND h.status = 'pending'`,
    [userIds],
  );
  for (const hold of pendingHolds) if (!owners.has(hold.id)) violations.push(`pending hold ${hold.id} (${hold.amount}) belongs to no transfer, order or withdrawal`);

  const handle = await openDatabase({ databaseUrl, dataDir: 'memory://', poolSize: 2 });
  try {
    violations.push(...ledgerViolations(await auditLedger(handle.db)));
  } finally {
    await handle.close();
  }
  const [margin] = await rows<{ held: string; owed: string }>(
    client,
    `SELECT COALESCE((SELECT SUM(balance) FROM ledger_balances WHERE system_code = 'margin'), 0)::text AS held,
            COALESCE((SELECT SUM(margin) FROM positions WHERE status = 'open'), 0)::text AS owed`,
  );
  if (margin?.held !== margin?.owed) violations.push(`the margin account holds ${margin?.held} but open positions' margin is ${margin?.owed}`);
  return violations;
}
