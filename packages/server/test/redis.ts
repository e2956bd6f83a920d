import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { describe, it } from 'vitest';

/** The Redis the bus tests use: REDIS_URL, else the one CI and the development machine run. */
export const redisTestUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** A channel prefix of this test run alone, so parallel runs on one Redis never hear each other. */
export const testBusPrefix = () => `tradewind-test-${process.pid}-${randomBytes(4).toString('hex')}`;

function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => done(true));
  });
}

const reachable = await answers(redisTestUrl);

/**
 * Runs the suite against Redis. Without a Redis it is skipped on a developer's machine, with a
 * message saying so, and fails in CI (CI=true), where Redis is part of the machine.
 */
export function describeWithRedis(name: string, suite: () => void): void {
  if (reachable) {
    describe(name, suite);
    return;
  }
  const why = `no Redis answers at ${redisTestUrl} (set REDIS_URL to point these tests at one)`;
  if (process.env.CI) {
    describe(name, () => {
      it('needs Redis', () => {
        throw new Error(why);
      });
    });
    return;
  }
  console.warn(`skipping "${name}": ${why}`);
  describe.skip(name, suite);
}
