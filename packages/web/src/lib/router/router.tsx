import {
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { type History, type HistoryAction, type Location, type Navigator, type To, createHashHistory, createMemoryHistory, createPath, parsePath, resolveTo } from './location';
import { type Params, type RouteMatch, type RouteObject, matchRoutes } from './match';

/*
 * The app's router: a hash router (SPEC §2), plain route objects with nested layouts, links, guards'
 * redirects and the search params, with React Router's names and behaviour but none of its data
 * layer (issue 23: Home's first paint carried 13.6 KB gzip of it). A memory router drives the tests.
 */

export type { History, HistoryAction, Location, Navigator, Params, RouteMatch, RouteObject, To };
export { createPath, matchRoutes };

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

interface LocationContextValue {
  location: Location;
  navigator: Navigator;
}

interface RouteContextValue {
  outlet: ReactNode;
  matches: readonly RouteMatch[];
}

const LocationContext = createContext<LocationContextValue | null>(null);
const RouteContext = createContext<RouteContextValue>({ outlet: null, matches: [] });

function useLocationContext(hook: string): LocationContextValue {
  const context = useContext(LocationContext);
  if (!context) throw new Error(`${hook} may be used only inside a <Router>`);
  return context;
}

interface RouterProps {
  location: string | Partial<Location>;
  navigator: Navigator;
  children?: ReactNode;
  /** A render that never navigates (the server's render of Home); accepted for React Router's signature. */
  static?: boolean;
}

export function Router({ location, navigator, children }: RouterProps) {
  const given: Partial<Location> = typeof location === 'string' ? parsePath(location) : location;
  const { pathname = '/', search = '', hash = '', state = null, key = 'default' } = given;
  const value = useMemo(() => ({ location: { pathname, search, hash, state, key }, navigator }), [pathname, search, hash, state, key, navigator]);
  return <LocationContext value={value}>{children}</LocationContext>;
}

/** Follows a history; like React Router 7, each change renders as a transition. */
function HistoryRouter({ history, children }: { history: History; children?: ReactNode }) {
  const [location, setLocation] = useState(history.location);
  useLayoutEffect(() => {
    const follow = () => startTransition(() => setLocation(history.location));
    const stop = history.listen(follow);
    // A hydrating render yields, so the hash can change between the first render and this
    // subscription (a link opened while the app starts); that change is not lost.
    follow();
    return stop;
  }, [history]);
  return (
    <Router location={location} navigator={history}>
      {children}
    </Router>
  );
}

export function HashRouter({ children }: { children?: ReactNode }) {
  const [history] = useState(createHashHistory);
  return <HistoryRouter history={history}>{children}</HistoryRouter>;
}

export function MemoryRouter({ initialEntries, children }: { initialEntries?: readonly To[]; children?: ReactNode }) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return <HistoryRouter history={history}>{children}</HistoryRouter>;
}

export function useLocation(): Location {
  return useLocationContext('useLocation').location;
}

export function useParams(): Params {
  return useContext(RouteContext).matches.at(-1)?.params ?? {};
}

function useRouteBase(): string {
  return useContext(RouteContext).matches.at(-1)?.pathnameBase ?? '/';
}

export function useResolvedPath(to: To): ReturnType<typeof resolveTo> {
  const base = useRouteBase();
  const { pathname } = useLocation();
  return useMemo(() => resolveTo(to, base, pathname), [to, base, pathname]);
}

export type NavigateFunction = (to: To | number, options?: NavigateOptions) => void;

export function useNavigate(): NavigateFunction {
  const { navigator, location } = useLocationContext('useNavigate');
  const base = useRouteBase();
  const from = useRef({ base, pathname: location.pathname });
  from.current = { base, pathname: location.pathname };
  return useCallback(
    (to, options = {}) => {
      if (typeof to === 'number') return navigator.go(to);
      const target = resolveTo(to, from.current.base, from.current.pathname);
      if (options.replace) navigator.replace(target, options.state);
      else navigator.push(target, options.state);
    },
    [navigator],
  );
}

type SearchParamsInit = string | URLSearchParams | Record<string, string | readonly string[]> | [string, string][];

export function createSearchParams(init: SearchParamsInit = ''): URLSearchParams {
  if (typeof init === 'string' || Array.isArray(init) || init instanceof URLSearchParams) return new URLSearchParams(init);
  return new URLSearchParams(Object.entries(init).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : value.map((item) => [name, item]))));
}

export type SetSearchParams = (next: SearchParamsInit | ((previous: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => void;

export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback<SetSearchParams>(
    (next, options) => navigate(`?${createSearchParams(typeof next === 'function' ? next(new URLSearchParams(params)) : next).toString()}`, options),
    [navigate, params],
  );
  return [params, setParams];
}

/** The element of the routes that match the location (inside a matched route: its remaining path). */
export function useRoutes(routes: readonly RouteObject[], locationArg?: Partial<Location>): ReactElement | null {
  const parent = useContext(RouteContext);
  const current = useLocation();
  const parentMatch = parent.matches.at(-1);
  const parentBase = parentMatch?.pathnameBase ?? '/';
  const pathname = (locationArg ?? current).pathname ?? '/';
  const remaining = parentBase === '/' ? pathname : `/${pathname.replace(/^\//, '').split('/').slice(parentBase.replace(/^\//, '').split('/').length).join('/')}`;
  const matches = matchRoutes(routes, remaining);
  if (!matches) return null;
  const joined = matches.map((match) => ({
    ...match,
    params: { ...parentMatch?.params, ...match.params },
    pathname: joinBase(parentBase, match.pathname),
    pathnameBase: match.pathnameBase === '/' ? parentBase : joinBase(parentBase, match.pathnameBase),
  }));
  return joined.reduceRight<ReactElement | null>((outlet, match, index) => {
    const value = { outlet, matches: [...parent.matches, ...joined.slice(0, index + 1)] };
    return <RouteContext value={value}>{match.route.element === undefined ? outlet : match.route.element}</RouteContext>;
  }, null);
}

const joinBase = (base: string, path: string) => (base === '/' ? path : `${base}${path === '/' ? '' : path}`);

export function Outlet(): ReactNode {
  return useContext(RouteContext).outlet;
}

interface RouteProps {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}

/** Declares a route inside <Routes>; never rendered itself. */
export function Route(_props: RouteProps): ReactElement | null {
  throw new Error('<Route> is only ever used as a child of <Routes>');
}

function routesOf(children: ReactNode): RouteObject[] {
  const list = Array.isArray(children) ? (children as ReactNode[]) : [children];
  return list.flatMap((child): RouteObject[] => {
    if (typeof child !== 'object' || child === null || !('type' in child)) return [];
    if (child.type !== Route) throw new Error('<Routes> takes only <Route> children');
    const props = child.props as RouteProps;
    return [{ path: props.path, index: props.index, element: props.element, children: props.children ? routesOf(props.children) : undefined }];
  });
}

export function Routes({ children }: { children?: ReactNode }) {
  return useRoutes(useMemo(() => routesOf(children), [children]));
}

/** Navigates once rendered (a guard's redirect). */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions): null {
  const navigate = useNavigate();
  const target = typeof to === 'string' ? to : createPath(to);
  useEffect(() => {
    navigate(target, { replace, state });
  }, [navigate, target, replace, state]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>, NavigateOptions {
  to: To;
}

const isPlainClick = (event: MouseEvent<HTMLAnchorElement>, target?: string) =>
  event.button === 0 && (!target || target === '_self') && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;

/** An anchor to a route; a plain click navigates in place (a link to the page it is on replaces it). */
export function Link({ to, replace, state, onClick, target, ...anchor }: LinkProps) {
  const { navigator, location } = useLocationContext('<Link>');
  const resolved = useResolvedPath(to);
  const navigate = useNavigate();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainClick(event, target)) return;
    event.preventDefault();
    navigate(resolved, { replace: replace ?? createPath(location) === createPath(resolved), state });
  };
  return <a {...anchor} href={navigator.createHref(resolved)} onClick={handleClick} target={target} />;
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Active only on this very path, not below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string | undefined);
}

/** A link that knows it leads to the current page: `aria-current="page"` and the class `active`. */
export function NavLink({ end = false, className = '', to, ...link }: NavLinkProps) {
  const { pathname } = useLocation();
  const target = useResolvedPath(to).pathname.toLowerCase();
  const current = pathname.toLowerCase();
  const boundary = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive = current === target || (!end && current.startsWith(target) && current.charAt(boundary) === '/');
  const classes = typeof className === 'function' ? className({ isActive }) : [className, isActive ? 'active' : null].filter(Boolean).join(' ');
  return <Link {...link} to={to} className={classes} aria-current={isActive ? 'page' : undefined} />;
}

/** A memory router the tests hold and drive: its `state` and `navigate`, as React Router's data router offered. */
export interface MemoryRouterHandle {
  readonly routes: readonly RouteObject[];
  readonly history: History;
  readonly state: { location: Location; historyAction: HistoryAction };
  navigate: (to: To | number, options?: NavigateOptions) => Promise<void>;
  subscribe: (listener: () => void) => () => void;
}

export function createMemoryRouter(routes: readonly RouteObject[], { initialEntries }: { initialEntries?: readonly To[] } = {}): MemoryRouterHandle {
  const history = createMemoryHistory(initialEntries);
  let state = { location: history.location, historyAction: history.action };
  history.listen(() => {
    state = { location: history.location, historyAction: history.action };
  });
  return {
    routes,
    history,
    get state() {
      return state;
    },
    navigate: (to, options = {}) => {
      if (typeof to === 'number') history.go(to);
      else if (options.replace) history.replace(to, options.state);
      else history.push(to, options.state);
      return Promise.resolve();
    },
    subscribe: (listener) => history.listen(listener),
  };
}

function RoutesOf({ routes }: { routes: readonly RouteObject[] }) {
  return useRoutes(routes);
}

export function RouterProvider({ router }: { router: MemoryRouterHandle }) {
  const state = useSyncExternalStore(router.subscribe, () => router.state);
  return (
    <Router location={state.location} navigator={router.history}>
      <RoutesOf routes={router.routes} />
    </Router>
  );
}
