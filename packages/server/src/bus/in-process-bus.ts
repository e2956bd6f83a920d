import { deliver, type Bus, type BusHandler, type BusLog, type BusTopic, type BusTopics } from './bus.js';

interface TopicState<T extends BusTopic> {
  handlers: Set<BusHandler<T>>;
  delivering: boolean;
  queue: BusTopics[T][];
}

/**
 * The bus of a single process: payloads go to the handlers as they are, synchronously, with no
 * serialising. A message published by a handler while its topic is delivering waits until the
 * current one has reached every handler, so each handler hears the topic in publish order.
 */
export class InProcessBus implements Bus {
  readonly crossProcess = false;
  /** Nothing published here can be missed. */
  readonly hearing = true;
  private readonly topics: { [T in BusTopic]: TopicState<T> } = {
    tick: { handlers: new Set(), delivering: false, queue: [] },
    changed: { handlers: new Set(), delivering: false, queue: [] },
    user: { handlers: new Set(), delivering: false, queue: [] },
    visitor: { handlers: new Set(), delivering: false, queue: [] },
    agent: { handlers: new Set(), delivering: false, queue: [] },
    sessionEnded: { handlers: new Set(), delivering: false, queue: [] },
    usersChanged: { handlers: new Set(), delivering: false, queue: [] },
    listening: { handlers: new Set(), delivering: false, queue: [] },
    listeners: { handlers: new Set(), delivering: false, queue: [] },
  };

  constructor(private readonly log: BusLog) {}

  publish<T extends BusTopic>(topic: T, payload: BusTopics[T]): void {
    const state: TopicState<T> = this.topics[topic];
    if (state.handlers.size === 0) return;
    if (state.delivering) {
      state.queue.push(payload);
      return;
    }
    state.delivering = true;
    try {
      deliver(state.handlers, topic, payload, this.log);
      for (let next = state.queue.shift(); next !== undefined; next = state.queue.shift()) deliver(state.handlers, topic, next, this.log);
    } finally {
      state.delivering = false;
    }
  }

  subscribe<T extends BusTopic>(topic: T, handler: BusHandler<T>): () => void {
    const handlers: Set<BusHandler<T>> = this.topics[topic].handlers;
    handlers.add(handler);
    return () => handlers.delete(handler);
  }

  onGap(): void {
    // Delivery is a function call: there is no gap to report.
  }

  close(): Promise<void> {
    for (const topic of Object.values(this.topics)) topic.handlers.clear();
    return Promise.resolve();
  }
}
