import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LevelAware = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };

/**
 * A request's logger that becomes pino's child (binding the request id) only when a line is written at an
 * enabled level: Fastify makes one per request, and with request lines off (LOG_LEVEL warn) most requests
 * write none, so they pay nothing (issue 22). A line written is the same as the real child's.
 */
export class LazyChildLogger implements FastifyBaseLogger {
  private real: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: LevelAware & { isLevelEnabled(level: string): boolean },
    private readonly bindings: Record<string, unknown>,
    private readonly options: Parameters<FastifyBaseLogger['child']>[1],
  ) {}

  private made(): FastifyBaseLogger {
    return (this.real ??= this.parent.child(this.bindings, this.options));
  }

  private write(level: Level, args: unknown[]): void {
    if (this.real) return this.real[level](...(args as [string]));
    if (this.parent.isLevelEnabled(level)) this.made()[level](...(args as [string]));
  }

  get level(): string {
    return this.real?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.made().level = level;
  }

  fatal = (...args: unknown[]) => this.write('fatal', args);
  error = (...args: unknown[]) => this.write('error', args);
  warn = (...args: unknown[]) => this.write('warn', args);
  info = (...args: unknown[]) => this.write('info', args);
  debug = (...args: unknown[]) => this.write('debug', args);
  trace = (...args: unknown[]) => this.write('trace', args);
  silent = () => undefined;

  child(...[bindings, options]: Parameters<FastifyBaseLogger['child']>): FastifyBaseLogger {
    return this.made().child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: lazy children of a pino logger; a route's own log level (which the child
 * must carry) or a logger that cannot say which levels are on gets the real child at once.
 */
export const lazyChildLoggerFactory: FastifyInstance['childLoggerFactory'] = function (logger, bindings, options) {
  const parent = logger as LevelAware;
  if (typeof parent.isLevelEnabled !== 'function' || options.level !== undefined) return logger.child(bindings, options);
  return new LazyChildLogger(parent as LevelAware & { isLevelEnabled(level: string): boolean }, bindings, options);
};
