import { describe, expect, it } from 'vitest';
import { activityKey, summariseActivity } from './activity.js';

describe('activityKey', () => {
  it.each([
    [{ state: 'active', wait_event_type: null, wait_event: null }, 'active'],
    [{ state: 'active', wait_event_type: 'Lock', wait_event: 'transactionid' }, 'active, waits Lock:transactionid'],
    [{ state: 'idle in transaction', wait_event_type: 'Client', wait_event: 'ClientRead' }, 'idle in transaction'],
    [{ state: 'idle', wait_event_type: 'Client', wait_event: 'ClientRead' }, 'idle'],
    [{ state: 'active', wait_event_type: 'IO', wait_event: 'WALSync' }, 'active, waits IO:WALSync'],
    [{ state: null, wait_event_type: null, wait_event: null }, 'unknown'],
  ])('%j is "%s"', (row, key) => {
    expect(activityKey(row)).toBe(key);
  });
});

describe('summariseActivity', () => {
  it('shares backend-polls by activity, most frequent first, and the mean backends per poll', () => {
    const summary = summariseActivity(
      new Map([
        ['idle', 10],
        ['active, waits Lock:transactionid', 30],
      ]),
      5,
      1230,
    );
    expect(summary).toEqual({
      polls: 5,
      backends: 8,
      backendCpuMs: 1230,
      shares: [
        { activity: 'active, waits Lock:transactionid', share: 0.75 },
        { activity: 'idle', share: 0.25 },
      ],
    });
    expect(summariseActivity(new Map(), 0)).toEqual({ polls: 0, backends: 0, backendCpuMs: 0, shares: [] });
  });
});
