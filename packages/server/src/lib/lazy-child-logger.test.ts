import { Writable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { LazyChildLogger, lazyChildLoggerFactory } from './lazy-child-logger.js';

function logger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      callback();
    },
  });
  return { log: pino({ level }, stream), lines };
}

const factory = (parent: FastifyBaseLogger, options: Record<string, unknown> = {}) =>
  lazyChildLoggerFactory.call({} as FastifyInstance, parent, { reqId: 'req-1' }, options, {} as never);

describe('lazyChildLoggerFactory', () => {
  it('makes no pino child while nothing is written at an enabled level', () => {
    const { log, lines } = logger('warn');
    const child = vi.spyOn(log, 'child');
    const requestLog = factory(log);
    expect(requestLog).toBeInstanceOf(LazyChildLogger);
    requestLog.info({ req: { url: '/m_ft/hot_stock' } }, 'incoming request');
    requestLog.debug('detail');
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    expect(requestLog.level).toBe('warn');
  });

  it('writes a line at an enabled level as the real child would, with the request id, making the child once', () => {
    const { log, lines } = logger('info');
    const child = vi.spyOn(log, 'child');
    const requestLog = factory(log);
    requestLog.info({ responseTime: 1.5 }, 'request completed');
    requestLog.error(new Error('boom'), 'unhandled error');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines.map((l) => [l.reqId, l.msg, l.level])).toEqual([
      ['req-1', 'request completed', 30],
      ['req-1', 'unhandled error', 50],
    ]);
    expect(lines[0]?.responseTime).toBe(1.5);
  });

  it('follows a level change of the parent after the request began, and gives real grandchildren', () => {
    const { log, lines } = logger('warn');
    const requestLog = factory(log);
    log.level = 'info';
    requestLog.info('now on');
    requestLog.child({ part: 'upload' }).warn('inner');
    expect(lines.map((l) => [l.reqId, l.part, l.msg])).toEqual([
      ['req-1', undefined, 'now on'],
      ['req-1', 'upload', 'inner'],
    ]);
  });

  it('gives the real child at once for a route with its own log level', () => {
    const { log } = logger('warn');
    const requestLog = factory(log, { level: 'debug' });
    expect(requestLog).not.toBeInstanceOf(LazyChildLogger);
    expect(requestLog.level).toBe('debug');
  });
});
