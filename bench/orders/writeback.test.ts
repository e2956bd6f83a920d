import { describe, expect, it } from 'vitest';
import { describeWriteback, readWriteback } from './writeback.js';

describe('kernel writeback settings', () => {
  const files = (values: Record<string, string>) => (path: string) => {
    const name = path.split('/').pop()!;
    if (!(name in values)) throw new Error(`ENOENT ${path}`);
    return values[name]!;
  };

  it('reads the three settings and names the one that starts background writeback', () => {
    const defaults = readWriteback(files({ dirty_background_bytes: '0\n', dirty_background_ratio: '10\n', dirty_expire_centisecs: '3000\n' }));
    expect(describeWriteback(defaults)).toBe('kernel writeback: background writeback from 10 % of memory dirty (vm.dirty_background_ratio), dirty pages expire after 30 s');
    const small = readWriteback(files({ dirty_background_bytes: '4194304', dirty_background_ratio: '0', dirty_expire_centisecs: '3000' }));
    expect(describeWriteback(small)).toBe('kernel writeback: background writeback from 4 MiB dirty (vm.dirty_background_bytes), dirty pages expire after 30 s');
    expect(describeWriteback({ backgroundBytes: 512 * 1024, backgroundRatio: 0, expireCentisecs: 1500 })).toBe(
      'kernel writeback: background writeback from 512 KiB dirty (vm.dirty_background_bytes), dirty pages expire after 15 s',
    );
  });

  it('says so when a setting is missing or not a number', () => {
    expect(readWriteback(files({ dirty_background_bytes: '0' }))).toBeNull();
    expect(readWriteback(files({ dirty_background_bytes: 'x', dirty_background_ratio: '10', dirty_expire_centisecs: '3000' }))).toBeNull();
    expect(describeWriteback(null)).toBe('kernel writeback: settings not readable');
  });
});
