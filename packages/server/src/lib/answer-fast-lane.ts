import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { REQUEST_ID_HEADER, requestIdFor } from './request-id.js';

/** What the lane takes from the app's plugins, so that an answer it sends is the one Fastify would send. */
export interface FastLaneParts {
  /** The headers Fastify's hooks put on a JSON API answer to a plain GET (security headers, CSP, cache-control). */
  headers(): Readonly<Record<string, string>>;
  /** Counts the answer in the request metrics, as the metrics hook would. */
  record(method: string, route: string, statusCode: number, seconds: number): void;
  /** False while request lines are logged or the app is closing: Fastify then answers everything itself. */
  open(): boolean;
}

interface Published {
  /** The route's pattern, the metrics label. */
  route: string;
  /** The answer's bytes while they are still current, else undefined (a tick came, or they aged). */
  current(): Buffer | undefined;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Answers a visitor's GET of a URL that a route has just answered through Fastify with bytes kept until the
 * next tick (issue 22), without Fastify's per-request work: no request and reply objects, routing, hooks,
 * query parsing or validation, since all of them gave this very answer to this very URL a moment ago. What
 * the hooks add to the answer (request id, security headers, metrics) the lane adds from the same plugins.
 * Anything else (a token, an Origin, a method other than GET, a URL not published, bytes no longer current,
 * request logging on) goes to Fastify, which rebuilds and publishes again.
 */
export class AnswerFastLane {
  private parts: FastLaneParts | undefined;
  private readonly published = new Map<string, Published>();
  private answered = 0;
  /** The parts' headers as writeHead's flat [name, value, …] list, and the object it was made from. */
  private headerList: readonly (string | number)[] = [];
  private headerListOf: Readonly<Record<string, string>> | undefined;

  constructor(private readonly maxUrls = 1000) {}

  /** Called once the plugins it takes from are registered; until then nothing is answered here. */
  attach(parts: FastLaneParts): void {
    this.parts = parts;
  }

  /** How many answers the lane has sent (tests and the lab note read it). */
  get served(): number {
    return this.answered;
  }

  /**
   * `url` (path and query exactly as asked) is answered with `current()`'s bytes while it gives some. Only
   * an answer that is the same for every visitor asking this URL may be published.
   */
  publish(url: string, route: string, current: () => Buffer | undefined): void {
    this.published.delete(url);
    if (this.published.size >= this.maxUrls) this.published.delete(this.published.keys().next().value as string);
    this.published.set(url, { route, current });
  }

  /** Fastify's request handler with the lane in front of it. */
  wrap(handler: RequestListener): RequestListener {
    return (request, response) => {
      if (!this.answer(request, response)) handler(request, response);
    };
  }

  private answer(request: IncomingMessage, response: ServerResponse): boolean {
    const parts = this.parts;
    if (request.method !== 'GET' || parts === undefined) return false;
    const { headers } = request;
    if (headers.authorization !== undefined || headers.origin !== undefined) return false;
    const entry = this.published.get(request.url ?? '');
    if (entry === undefined || !parts.open()) return false;
    const bytes = entry.current();
    if (bytes === undefined) return false;
    const started = performance.now();
    response.writeHead(200, [REQUEST_ID_HEADER, requestIdFor(request), ...this.headerListFor(parts.headers()), 'content-length', bytes.length]);
    response.end(bytes);
    this.answered++;
    parts.record('GET', entry.route, 200, (performance.now() - started) / 1000);
    return true;
  }

  /**
   * A flat list costs Node less than an object (no copy of the parts' object into a new one, no own-key check per
   * header); it is made again only when the parts give another object (the policy changed).
   */
  private headerListFor(headers: Readonly<Record<string, string>>): readonly (string | number)[] {
    if (headers !== this.headerListOf) {
      this.headerList = ['content-type', JSON_TYPE, ...Object.entries(headers).flat()];
      this.headerListOf = headers;
    }
    return this.headerList;
  }
}
