/*
 * Locations and histories of the app's own router (router.tsx): the few parts of React Router the
 * app used, without its data layer and framework code (13.6 KB gzip of Home's first paint, issue 23).
 * Paths, keys and history entries behave as React Router's did, so links, back and the tests hold.
 */

export interface Path {
  pathname: string;
  search: string;
  hash: string;
}

export interface Location extends Path {
  /** What the navigation that made this entry carried (`navigate(to, { state })`). */
  state: unknown;
  /** "default" for the entry the app started on: nothing of ours lies behind it. */
  key: string;
}

export type To = string | Partial<Path>;
export type HistoryAction = 'POP' | 'PUSH' | 'REPLACE';

export interface Navigator {
  createHref: (to: To) => string;
  push: (to: To, state?: unknown) => void;
  replace: (to: To, state?: unknown) => void;
  go: (delta: number) => void;
}

export interface History extends Navigator {
  readonly location: Location;
  readonly action: HistoryAction;
  /** Called after each change of entry; returns the unsubscribe. */
  listen: (listener: () => void) => () => void;
}

export function createPath({ pathname = '/', search = '', hash = '' }: Partial<Path>): string {
  return pathname + (search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '') + (hash && hash !== '#' ? (hash.startsWith('#') ? hash : `#${hash}`) : '');
}

export function parsePath(path: string): Partial<Path> {
  const parsed: Partial<Path> = {};
  let rest = path;
  const hashIndex = rest.indexOf('#');
  if (hashIndex >= 0) {
    parsed.hash = rest.slice(hashIndex);
    rest = rest.slice(0, hashIndex);
  }
  const searchIndex = rest.indexOf('?');
  if (searchIndex >= 0) {
    parsed.search = rest.slice(searchIndex);
    rest = rest.slice(0, searchIndex);
  }
  if (rest) parsed.pathname = rest;
  return parsed;
}

export const joinPaths = (paths: readonly string[]): string => paths.join('/').replace(/\/\/+/g, '/');

/**
 * `to` against the route it is written in: an absolute path stays, a relative one starts at the
 * route's matched base (`..` climbs a segment), and a bare `?search` or `#hash` keeps the current page.
 */
export function resolveTo(to: To, routeBase: string, currentPathname: string): Path {
  const target = typeof to === 'string' ? parsePath(to) : to;
  const toPathname = target.pathname;
  let pathname: string;
  if (!toPathname) pathname = currentPathname;
  else if (toPathname.startsWith('/')) pathname = toPathname;
  else {
    const segments = routeBase.replace(/\/+$/, '').split('/');
    for (const segment of toPathname.split('/')) {
      if (segment === '..') {
        if (segments.length > 1) segments.pop();
      } else if (segment !== '.') segments.push(segment);
    }
    pathname = segments.length > 1 ? segments.join('/') : '/';
  }
  if (toPathname?.endsWith('/') && pathname !== '/' && !pathname.endsWith('/')) pathname += '/';
  return { pathname, search: normalize(target.search, '?'), hash: normalize(target.hash, '#') };
}

const normalize = (part: string | undefined, prefix: string): string => (!part || part === prefix ? '' : part.startsWith(prefix) ? part : prefix + part);

const createKey = () => Math.random().toString(36).slice(2, 10);

function locationOf(to: To, state: unknown, key: string): Location {
  const path = typeof to === 'string' ? parsePath(to) : to;
  return { pathname: path.pathname ?? '/', search: normalize(path.search, '?'), hash: normalize(path.hash, '#'), state, key };
}

interface HashEntryState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

/** The browser's history with the path after `#`; an entry's state is `{ usr, key, idx }`, as React Router wrote it. */
export function createHashHistory(): History {
  const listeners = new Set<() => void>();
  const entryState = (): HashEntryState => (window.history.state ?? {}) as HashEntryState;
  const read = (): Location => {
    const { usr, key } = entryState();
    return locationOf(window.location.hash.slice(1) || '/', usr ?? null, key ?? 'default');
  };
  let index = entryState().idx;
  if (index === undefined) {
    index = 0;
    window.history.replaceState({ ...entryState(), idx: index }, '');
  }
  let location = read();
  let action: HistoryAction = 'POP';
  const notify = () => listeners.forEach((listener) => listener());
  const change = (next: HistoryAction, to: To, state: unknown) => {
    const key = createKey();
    index = (index ?? 0) + (next === 'PUSH' ? 1 : 0);
    const entry: HashEntryState = { usr: state, key, idx: index };
    const href = createHref(to);
    if (next === 'PUSH') window.history.pushState(entry, '', href);
    else window.history.replaceState(entry, '', href);
    action = next;
    location = read();
    notify();
  };
  const createHref = (to: To) => `#${typeof to === 'string' ? to : createPath(to)}`;
  window.addEventListener('popstate', () => {
    index = entryState().idx;
    action = 'POP';
    location = read();
    notify();
  });
  return {
    get location() {
      return location;
    },
    get action() {
      return action;
    },
    createHref,
    push: (to, state) => change('PUSH', to, state ?? null),
    replace: (to, state) => change('REPLACE', to, state ?? null),
    go: (delta) => window.history.go(delta),
    listen: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A history held in memory (tests, and pages rendered away from the browser). */
export function createMemoryHistory(initialEntries: readonly To[] = ['/']): History {
  const listeners = new Set<() => void>();
  const entries = initialEntries.map((entry, i) => locationOf(entry, null, i === 0 ? 'default' : createKey()));
  let index = entries.length - 1;
  let action: HistoryAction = 'POP';
  const notify = () => listeners.forEach((listener) => listener());
  return {
    get location() {
      return entries[index] ?? locationOf('/', null, 'default');
    },
    get action() {
      return action;
    },
    createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
    push: (to, state) => {
      index += 1;
      entries.splice(index, entries.length, locationOf(to, state ?? null, createKey()));
      action = 'PUSH';
      notify();
    },
    replace: (to, state) => {
      entries[index] = locationOf(to, state ?? null, createKey());
      action = 'REPLACE';
      notify();
    },
    go: (delta) => {
      index = Math.min(Math.max(index + delta, 0), entries.length - 1);
      action = 'POP';
      notify();
    },
    listen: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
