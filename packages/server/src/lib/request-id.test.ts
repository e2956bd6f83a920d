import { describe, expect, it, vi } from 'vitest';

// A fresh id is the process's 12-character random prefix, a dash and the count in base 36.
const prefixOf = (id: string) => id.slice(0, 12);
const countOf = (id: string) => parseInt(id.slice(13), 36);

describe('fresh request ids', () => {
  it('count up within a process and differ between processes (a new random prefix per start)', async () => {
    const running = await import('./request-id.js');
    const a = running.freshRequestId();
    const b = running.freshRequestId();
    expect(prefixOf(b)).toBe(prefixOf(a));
    expect(countOf(b)).toBe(countOf(a) + 1);

    vi.resetModules();
    const restarted = await import('./request-id.js');
    const c = restarted.freshRequestId();
    expect(prefixOf(c)).not.toBe(prefixOf(a));
    expect(c.slice(12)).toBe('-1');
  });
});
