import { describe, expect, it } from 'vitest';
import type { OrderRow, PositionRow } from '../../db/schema.js';
import { orderWriteJson, type OrderWrite } from './order-batch.repository.js';

// The batch statement's JSON keeps the last instant's ISO text (order-batch.repository.ts): rows with
// different instants, and a Date changed in place, must still serialise as JSON.stringify would.

function write(createdAt: Date, expiresAt: Date | null): OrderWrite {
  const order = { id: 1, userId: 2, stockCode: 'AAPL', expiresAt, createdAt } as unknown as OrderRow;
  const position = { id: 3, userId: 2, stockCode: 'AAPL', expiresAt, createdAt } as unknown as PositionRow;
  return {
    order,
    position,
    entry: { id: 4, kind: 'trade', userId: 2, referenceType: 'order', referenceId: 1, memo: 'm', memoKey: null, memoParams: null, createdAt },
    postings: [{ entryId: 4, accountId: 5, currency: 'USD', amount: -100, createdAt }],
    hold: { id: 6, accountId: 5, amount: 100, referenceType: 'order', createdAt },
    idempotency: { userId: 2, key: 'k', requestHash: 'h', response: { ok: true }, createdAt },
  };
}

/** Every date in the serialised rows, in order of appearance. */
const dates = (json: ReturnType<typeof orderWriteJson>) => Object.values(json).join(' ').match(/\d{4}-\d\d-\d\dT[\d:.]+Z/g);

describe('orderWriteJson dates', () => {
  it('writes each row its own instant, as JSON.stringify would, whatever came before', () => {
    const created = new Date('2026-12-07T05:00:00.123Z');
    const expires = new Date('2026-12-08T21:00:00.000Z');
    const first = dates(orderWriteJson(write(created, expires)));
    expect(first).toEqual([expires, created, created, expires, created, created, created, created].map((d) => d.toISOString()));
    expect(dates(orderWriteJson(write(expires, null)))).toEqual(Array(6).fill(expires.toISOString()));
    expect(JSON.parse(orderWriteJson(write(created, null)).order)).toMatchObject({ expires_at: null, created_at: created.toISOString() });
  });

  it('a Date changed in place is written as it is now', () => {
    const at = new Date('2026-12-07T05:00:00.000Z');
    expect(dates(orderWriteJson(write(at, null)))?.[0]).toBe('2026-12-07T05:00:00.000Z');
    at.setTime(at.getTime() + 1);
    expect(dates(orderWriteJson(write(at, null)))?.[0]).toBe('2026-12-07T05:00:00.001Z');
  });
});
