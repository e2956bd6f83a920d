import type { ReactNode } from 'react';
import { type Path, joinPaths, parsePath } from './location';

/*
 * Route matching as React Router ranks it: every route with a path (or an index route) is a branch
 * of its ancestors; branches are scored by their segments (static 10, `:param` 3, empty 1, index 2,
 * a splat −2) and the first of the best that matches wins.
 */

export interface RouteObject {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  handle?: unknown;
  children?: RouteObject[];
}

export type Params = Record<string, string | undefined>;

export interface RouteMatch {
  route: RouteObject;
  params: Params;
  pathname: string;
  /** The part of the URL this route and its ancestors matched, without a splat: where relative links start. */
  pathnameBase: string;
}

interface RouteMeta {
  relativePath: string;
  childrenIndex: number;
  route: RouteObject;
}

interface Branch {
  path: string;
  score: number;
  routesMeta: RouteMeta[];
}

function flatten(routes: readonly RouteObject[], branches: Branch[] = [], parents: RouteMeta[] = [], parentPath = ''): Branch[] {
  routes.forEach((route, childrenIndex) => {
    let relativePath = route.path ?? '';
    if (relativePath.startsWith('/')) {
      if (!relativePath.startsWith(parentPath)) throw new Error(`absolute route path "${relativePath}" nested under "${parentPath}"`);
      relativePath = relativePath.slice(parentPath.length);
    }
    const path = joinPaths([parentPath, relativePath]);
    const routesMeta = [...parents, { relativePath, childrenIndex, route }];
    if (route.children?.length) flatten(route.children, branches, routesMeta, path);
    if (route.path === undefined && !route.index) return;
    branches.push({ path, score: scoreOf(path, route.index === true), routesMeta });
  });
  return branches;
}

function scoreOf(path: string, index: boolean): number {
  const segments = path.split('/');
  let score = segments.length + (segments.includes('*') ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === '*') continue;
    score += /^:[\w-]+$/.test(segment) ? 3 : segment === '' ? 1 : 10;
  }
  return score;
}

function compareSiblings(a: readonly number[], b: readonly number[]): number {
  const siblings = a.length === b.length && a.slice(0, -1).every((n, i) => n === b[i]);
  return siblings ? (a.at(-1) ?? 0) - (b.at(-1) ?? 0) : 0;
}

function rank(branches: Branch[]): Branch[] {
  return branches.sort((a, b) =>
    a.score !== b.score
      ? b.score - a.score
      : compareSiblings(
          a.routesMeta.map((meta) => meta.childrenIndex),
          b.routesMeta.map((meta) => meta.childrenIndex),
        ),
  );
}

interface PathMatch {
  params: Params;
  pathname: string;
  pathnameBase: string;
}

export function matchPath(path: string, pathname: string, end: boolean): PathMatch | null {
  const names: string[] = [];
  let source =
    '^' +
    path
      .replace(/\/*\*?$/, '')
      .replace(/^\/*/, '/')
      .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
      .replace(/\/:([\w-]+)/g, (_, name: string) => {
        names.push(name);
        return '/([^\\/]+)';
      });
  if (path.endsWith('*')) {
    names.push('*');
    source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else if (end) source += '\\/*$';
  else if (path !== '' && path !== '/') source += '(?:(?=\\/|$))';
  const match = new RegExp(source, 'i').exec(pathname);
  if (!match) return null;
  const matched = match[0];
  let pathnameBase = matched.replace(/(.)\/+$/, '$1');
  const params: Params = {};
  names.forEach((name, i) => {
    const value = match[i + 1] ?? '';
    if (name === '*') pathnameBase = matched.slice(0, matched.length - value.length).replace(/(.)\/+$/, '$1');
    params[name] = value.replace(/%2F/g, '/');
  });
  return { params, pathname: matched, pathnameBase };
}

function matchBranch(branch: Branch, pathname: string): RouteMatch[] | null {
  const params: Params = {};
  let matchedPathname = '/';
  const matches: RouteMatch[] = [];
  for (const [i, meta] of branch.routesMeta.entries()) {
    const remaining = matchedPathname === '/' ? pathname : pathname.slice(matchedPathname.length) || '/';
    const match = matchPath(meta.relativePath, remaining, i === branch.routesMeta.length - 1);
    if (!match) return null;
    Object.assign(params, match.params);
    matches.push({
      route: meta.route,
      params: { ...params },
      pathname: joinPaths([matchedPathname, match.pathname]),
      pathnameBase: joinPaths([matchedPathname, match.pathnameBase]).replace(/\/+$/, '').replace(/^\/*/, '/'),
    });
    if (match.pathnameBase !== '/') matchedPathname = joinPaths([matchedPathname, match.pathnameBase]);
  }
  return matches;
}

function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/** The routes, outermost first, that render `location`; null when none does. */
export function matchRoutes(routes: readonly RouteObject[], location: string | Partial<Path>): RouteMatch[] | null {
  const pathname = decodePath((typeof location === 'string' ? parsePath(location) : location).pathname ?? '/');
  for (const branch of rank(flatten(routes))) {
    const matches = matchBranch(branch, pathname);
    if (matches) return matches;
  }
  return null;
}
