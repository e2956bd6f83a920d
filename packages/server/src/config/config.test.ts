import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('gives a newcomer working defaults', () => {
    const config = loadConfig({}, '/srv/tradewind');
    expect(config).toMatchObject({ PORT: 8080, dataDir: '/srv/tradewind/data', LOG_LEVEL: 'info' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('stops with a message naming each bad variable and its value', () => {
    const read = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(/PORT: .*\(got "eighty"\)/);
    expect(read).toThrow(/DATABASE_URL: must start with postgres:\/\//);
    expect(read).toThrow(/LOG_LEVEL/);
  });

  it('wants ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD must be set together/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(8080);
  });
});
