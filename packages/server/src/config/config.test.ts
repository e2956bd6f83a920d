import { describe, expect, it } from 'vitest';
import { ConfigError, configWarnings, loadConfig } from './config.js';

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

  it('never echoes the value of a variable that may hold a secret', () => {
    const secrets = { DATABASE_URL: 'mysql://root:hunter2@db', SMTP_URL: 'http://u:hunter2@mail', REDIS_URL: 'nope:hunter2', ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'hunter2hunter2hunter2x' };
    let message = '';
    try {
      loadConfig(secrets);
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of Object.keys(secrets).filter((n) => n !== 'ADMIN_EMAIL')) expect(message).toMatch(new RegExp(`${name}: .*value hidden`));
    expect(message).not.toContain('hunter2');
    // A limit whose name merely contains PASSWORD is a number, shown as usual.
    expect(() => loadConfig({ PAY_PASSWORD_PER_USER_PER_MINUTE: 'many' })).toThrow(/PAY_PASSWORD_PER_USER_PER_MINUTE: .*\(got "many"\)/);
  });

  it('warns about a variable one edit away from a known one, and about nothing else', () => {
    expect(configWarnings({ PROT: '8080', DATABSE_URL: 'postgres://x', log_level: 'debug', LOG_LEVELS: 'info' })).toEqual([
      'PROT is not a setting the server reads; did you mean PORT?',
      'DATABSE_URL is not a setting the server reads; did you mean DATABASE_URL?',
      'log_level is not a setting the server reads; did you mean LOG_LEVEL?',
      'LOG_LEVELS is not a setting the server reads; did you mean LOG_LEVEL?',
    ]);
    expect(configWarnings({ PORT: '1', HOME: '/root', PATH: '/bin', HOSTNAME: 'box', TERM: 'xterm', NODE_OPTIONS: '', LANG: 'C' })).toEqual([]);
  });

  it('wants ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD must be set together/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(8080);
  });
});
