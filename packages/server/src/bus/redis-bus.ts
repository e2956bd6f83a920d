import { Redis, type RedisOptions } from 'ioredis';
import { busPayloadSchemas, busTopics, deliver, heardAtOnceTopics, type Bus, type BusHandler, type BusLog, type BusTopic, type BusTopics } from './bus.js';

export interface RedisBusOptions {
  url: string;
  /** Channels are `<prefix>:<topic>`, so deployments (or test runs) sharing one Redis stay apart. */
  prefix: string;
  log: BusLog;
  connectTimeoutMs?: number;
}

/** The address without credentials, for messages and logs. */
export function describeRedisUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`REDIS_URL is not a URL (expected redis://host:port or rediss://host:port)`);
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    throw new Error(`REDIS_URL must start with redis:// or rediss:// (got ${parsed.protocol}//)`);
  }
  return `${parsed.protocol}//${parsed.hostname}:${parsed.port || '6379'}${parsed.pathname.length > 1 ? parsed.pathname : ''}`;
}

/**
 * Redis pub/sub between server processes: one connection publishes, one subscribes to every
 * topic. Every process, the publisher included, hears a message when Redis sends it back, so all
 * of them see one order per topic. Payloads are JSON, checked against the topic's schema on the way
 * in; a malformed one is logged and dropped. Pub/sub keeps nothing: what is published while a
 * process is disconnected does not reach it. Both connections reconnect on their own.
 */
export class RedisBus implements Bus {
  readonly crossProcess = true;
  /** Messages from Redis that failed to parse or validate. */
  dropped = 0;
  private readonly handlers: { [T in BusTopic]: Set<BusHandler<T>> } = {
    tick: new Set(),
    changed: new Set(),
    user: new Set(),
    visitor: new Set(),
    agent: new Set(),
    sessionEnded: new Set(),
    usersChanged: new Set(),
    listening: new Set(),
    listeners: new Set(),
  };
  private readonly gapHandlers: (() => void)[] = [];
  private publishFailing = false;
  private closed = false;
  private subscribed = true;

  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly prefix: string,
    private readonly target: string,
    private readonly log: BusLog,
  ) {}

  /** The publishing connection, which also takes ordinary commands (the rate limits' counters). */
  get commands(): Redis {
    return this.publisher;
  }

  /** Connects both sides or fails at once with a message naming REDIS_URL. */
  static async connect(options: RedisBusOptions): Promise<RedisBus> {
    const target = describeRedisUrl(options.url);
    const clientOptions = (side: string): RedisOptions => ({
      // Named so CLIENT LIST on the Redis shows which deployment and side a connection is.
      connectionName: `${options.prefix}:${side}`,
      lazyConnect: true,
      connectTimeout: options.connectTimeoutMs ?? 5000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
      enableAutoPipelining: true,
    });
    const publisher = new Redis(options.url, clientOptions('publisher'));
    const subscriber = new Redis(options.url, clientOptions('subscriber'));
    let lastError: unknown;
    const remember = (error: unknown) => (lastError = error);
    publisher.on('error', remember);
    subscriber.on('error', remember);
    try {
      await Promise.all([publisher.connect(), subscriber.connect()]);
      await subscriber.subscribe(...busTopics.map((topic) => `${options.prefix}:${topic}`));
    } catch (error) {
      publisher.disconnect();
      subscriber.disconnect();
      const reason = lastError instanceof Error ? lastError.message : error instanceof Error ? error.message : String(error);
      throw new Error(`REDIS_URL: cannot reach Redis at ${target} (${reason}). Start Redis there, fix REDIS_URL, or unset it to run a single process.`);
    }
    publisher.off('error', remember);
    subscriber.off('error', remember);
    const bus = new RedisBus(publisher, subscriber, options.prefix, target, options.log);
    bus.watch();
    return bus;
  }

  publish<T extends BusTopic>(topic: T, payload: BusTopics[T]): void {
    if (heardAtOnceTopics.has(topic)) deliver(this.handlers[topic], topic, payload, this.log);
    this.publisher.publish(`${this.prefix}:${topic}`, JSON.stringify(payload)).then(
      () => this.publishFailing && this.recovered(),
      (error: unknown) => {
        // One line per outage, not one per message: quotes alone publish many a second.
        if (this.publishFailing || this.closed) return;
        this.publishFailing = true;
        this.log.error({ err: error, topic, redis: this.target }, 'bus: publishing to Redis failed; messages are lost until it is back');
      },
    );
  }

  /** False from the moment the subscribing connection drops until it has subscribed again. */
  get hearing(): boolean {
    return this.subscribed && !this.closed;
  }

  onGap(handler: () => void): void {
    this.gapHandlers.push(handler);
  }

  subscribe<T extends BusTopic>(topic: T, handler: BusHandler<T>): () => void {
    const handlers: Set<BusHandler<T>> = this.handlers[topic];
    handlers.add(handler);
    return () => handlers.delete(handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const handlers of Object.values(this.handlers)) handlers.clear();
    await Promise.allSettled([this.publisher.quit(), this.subscriber.quit()]);
  }

  private watch(): void {
    this.subscriber.on('message', (channel: string, text: string) => this.receive(channel, text));
    for (const [side, client] of [['publisher', this.publisher], ['subscriber', this.subscriber]] as const) {
      let down = false;
      // A dropped connection may close without an error and a refused retry errors again every
      // attempt: one line when it goes, one when it is back.
      const lost = (error?: unknown) => {
        if (side === 'subscriber' && this.subscribed) {
          this.subscribed = false;
          this.gap();
        }
        if (down || this.closed) return;
        down = true;
        this.log.error({ err: error, redis: this.target, side }, 'bus: lost the Redis connection; reconnecting');
      };
      client.on('error', lost);
      client.on('close', () => lost());
      client.on('ready', () => {
        if (!down) return;
        down = false;
        this.log.info({ redis: this.target, side }, 'bus: Redis connection is back');
        if (side === 'subscriber') void this.resubscribed();
      });
    }
  }

  /** Hearing again only once the subscription is back for certain; what was kept meanwhile is dropped again. */
  private async resubscribed(): Promise<void> {
    try {
      await this.subscriber.subscribe(...busTopics.map((topic) => `${this.prefix}:${topic}`));
    } catch {
      return; // dropped again: the next 'ready' tries once more
    }
    this.subscribed = true;
    this.gap();
  }

  private gap(): void {
    for (const handler of this.gapHandlers) {
      try {
        handler();
      } catch (error) {
        this.log.error({ err: error }, 'bus: a gap handler failed');
      }
    }
  }

  private recovered(): void {
    this.publishFailing = false;
    this.log.info({ redis: this.target }, 'bus: publishing to Redis works again');
  }

  private receive(channel: string, text: string): void {
    const topic = channel.slice(this.prefix.length + 1);
    if (!channel.startsWith(`${this.prefix}:`) || !isTopic(topic)) return;
    this.dispatch(topic, text);
  }

  private dispatch<T extends BusTopic>(topic: T, text: string): void {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      this.drop(topic, text, 'not JSON');
      return;
    }
    const parsed = busPayloadSchemas[topic].safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      this.drop(topic, text, `${issue?.path.map(String).join('.') || '(payload)'}: ${issue?.message ?? 'invalid'}`);
      return;
    }
    deliver(this.handlers[topic], topic, parsed.data, this.log);
  }

  private drop(topic: BusTopic, text: string, reason: string): void {
    this.dropped++;
    this.log.warn({ topic, reason, payload: text.slice(0, 200) }, 'bus: dropped a malformed message from Redis');
  }
}

function isTopic(name: string): name is BusTopic {
  return (busTopics as readonly string[]).includes(name);
}
