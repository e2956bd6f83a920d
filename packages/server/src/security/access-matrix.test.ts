import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, adminToken, approveTrading, call, createTestContext, fund, registerUser, type TestContext } from '../../test/test-app.js';

/*
 * The access-control matrix (SECURITY.md item 9). Every route the server registers is called as a visitor,
 * as a user, as another user on the first user's resources, and as an admin. The route list is the router's
 * own (buildApp's onRoute listener), so a route added tomorrow is in the matrix without anyone editing this file,
 * and a route that takes an id of something a user owns fails here until it gets an ownership case below.
 */

type Access = 'public' | 'user' | 'admin';
interface Route {
  key: string;
  method: string;
  url: string;
  access: Access;
  /** Path params and body/query fields that name a thing by id, a reference to an upload, or a path segment. */
  idFields: string[];
}
interface Answer {
  status: number;
  text: string;
}
interface Request {
  url?: string;
  body?: unknown;
}
type Session = Awaited<ReturnType<typeof registerUser>>;

/** Routes the matrix cannot call through HTTP injection, each with the reason and the test that covers it. */
const EXCEPTIONS: Record<string, string> = {
  'GET /ws': 'a websocket: a plain request never reaches it, and its sign-in is an `auth` message inside the socket (realtime tests)',
};

/** Calls that end the caller's session: they get a fresh one so the rest of the matrix keeps its token. */
const ENDS_SESSION = new Set(['POST /logout']);

/** Ids that name something everyone shares (a catalog, a public list), so another user may use them. */
const SHARED_IDS: Record<string, Record<string, string>> = {
  'GET /logo/:source/:file': { source: 'instrument logos are the same for everyone', file: 'instrument logos are the same for everyone' },
  'GET /article/:id': { id: 'articles are published content, the same for every reader' },
  'POST /blockTrade/create': { offerId: 'block-trade offers are a public list (GET /blockTrade/list)' },
  'POST /userFollowInvest/add': { agencyId: 'agencies are a public list (GET /userFollowInvest/getInvestAgencyList)' },
  'POST /recharge/create': { channelId: 'deposit channels are the same for every user' },
  'POST /position/getIpoFullNum': { id: 'an IPO offering; offerings are a public list' },
  'POST /NewShares/create': { id: 'an IPO offering; offerings are a public list' },
  'POST /position/subscription': { id: 'an IPO offering; the answer lists only the caller’s own subscriptions' },
};

const ID_FIELD = /^(id|ids)$|[a-z](Id|Ids|Url)$/;
const NOT_FOUND_OR_FORBIDDEN = [403, 404];

let ctx: TestContext;
const registered: RouteOptions[] = [];
let admin: string;
let owner: Session;
let intruder: Session;
const PAY = '246810';
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(48, 7)]);
const secret = `m${Date.now().toString(36)}`;
/** Strings only the owner's data contains: another user's answers must never show them. */
let ownerMarkers: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext({}, { onRoute: (route) => registered.push(route) });
  admin = await adminToken(ctx.app);
  owner = await equippedUser();
  intruder = await equippedUser();
});
afterAll(() => ctx.close());

/** A user who could do anything a user may (trading permission, money in every wallet, pay password, a card), so a refusal is about ownership alone. */
async function equippedUser() {
  const session = await registerUser(ctx.app);
  await approveTrading(ctx.app, session.user.id);
  for (const wallet of ['BALANCE', 'STOCK', 'FOREX', 'FUTURE']) await fund(ctx.app, session.user.id, 100_000_00, wallet);
  await call(ctx.app, 'POST', '/settingPayPassword', { token: session.token, body: { payPassword: PAY } });
  return session;
}

/** A visitor of the web app carries the chat's anonymous visitor token, and nothing else. */
const visitorHeaders = { 'x-visitor-token': `visitor-matrix-${secret}`.padEnd(40, 'x') };

async function send(method: string, url: string, options: { token?: string; body?: unknown } = {}): Promise<Answer> {
  const response = await ctx.app.inject({
    method: method as 'GET',
    url,
    headers: options.token ? { authorization: options.token } : visitorHeaders,
    ...(options.body !== undefined && { payload: options.body as Record<string, unknown> }),
  });
  return { status: response.statusCode, text: response.body };
}

const post = async <T>(token: string, url: string, body: unknown = {}) => (await call<T>(ctx.app, 'POST', url, { token, body })).data;
const get = async <T>(token: string, url: string) => (await call<T>(ctx.app, 'GET', url, { token })).data;

/** Field names of a zod schema (objects, unions of objects, optional/default wrappers) or a JSON schema. */
function fieldsOf(schema: unknown): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (!def) return Object.keys((schema as { properties?: object }).properties ?? {});
  switch (def.type) {
    case 'object':
      return Object.keys(def.shape as object);
    case 'union':
      return [...new Set((def.options as unknown[]).flatMap(fieldsOf))];
    case 'pipe':
      return fieldsOf(def.in);
    case 'intersection':
      return [...fieldsOf(def.left), ...fieldsOf(def.right)];
    default:
      return 'innerType' in def ? fieldsOf(def.innerType) : [];
  }
}

/** The router's routes, one per method and path; HEAD is left out where it is the automatic twin of a GET. */
function routeTable(): Route[] {
  const all = registered.flatMap((route) => (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({ route, method })));
  const gets = new Set(all.filter((r) => r.method === 'GET').map((r) => r.route.url));
  return all
    .filter(({ route, method }) => !(method === 'HEAD' && gets.has(route.url)))
    .map(({ route, method }) => {
      const schema = (route.schema ?? {}) as { params?: unknown; body?: unknown; querystring?: unknown };
      const pathParams = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      const named = [...fieldsOf(schema.params), ...fieldsOf(schema.body), ...fieldsOf(schema.querystring)].filter((f) => ID_FIELD.test(f));
      return {
        key: `${method} ${route.url}`,
        method,
        url: route.url,
        access: route.config?.auth ?? 'user',
        idFields: [...new Set([...pathParams, ...named])],
      };
    });
}

/** A harmless request for a route: unknown ids in the path, an empty body. */
function probeUrl(url: string) {
  const fill: Record<string, string> = { kind: 'trading', stockCode: 'ZZZZ', source: '0', file: 'AAPL.png', name: 'missing.png' };
  return url.replace(/:(\w+)/g, (_, param: string) => fill[param] ?? '999999').replace('*', 'index.html');
}
const probeBody = (method: string) => (method === 'GET' ? undefined : {});

async function upload(token: string): Promise<string> {
  const boundary = 'matrix-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="proof.jpg"\r\n\r\n`),
    jpeg,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await ctx.app.inject({ method: 'POST', url: '/file/upload', payload, headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` } });
  return response.json<{ data: { url: string } }>().data.url;
}

interface OwnedResources {
  /** Watchlist entry ids by stock code. */
  watch: Record<string, number>;
  transfer: number;
  order: number;
  position: number;
  robot: number;
  card: number;
  message: number;
  file: string;
  chatMessage: number;
  /** The owner's second signed-in device. */
  session: number;
  alert: number;
  plan: number;
  /** A withdrawal of the owner's, pending review. */
  withdrawal: number;
  /** An IPO the owner subscribed to (its draw is for its subscribers). */
  ipo: number;
}

/** Everything a user can own, created by the owner through the real calls. */
async function ownerResources(): Promise<OwnedResources> {
  const a = owner.token;
  const file = await upload(a);
  for (const secuCode of ['AAPL', 'MSFT', 'NVDA']) await post(a, '/userSelfSecurity/save', { secuCode });
  const watchlist = await get<Array<{ id: number; stock_code: string }>>(a, '/userSelfSecurity/selectSelfSelectionStocksData');
  const watch = Object.fromEntries(watchlist.map((w) => [w.stock_code, w.id]));
  const transfer = await post<{ id: number; status: string }>(a, '/wallet/transfer', { fromWallet: 'BALANCE', toWallet: 'FOREX', amount: 40 });
  const nvda = ctx.app.market.feed.quote(ctx.app.market.deps.catalog.get(0, 'NVDA')!).price;
  const order = await post<{ id: number; status: number }>(a, '/stock/create', { stockCode: 'NVDA', direction: 0, orderType: 1, price: Math.round(nvda * 95) / 100, quantity: 1 });
  await post(a, '/stock/create', { stockCode: 'MSFT', direction: 0, orderType: 0, quantity: 1 });
  const [position] = await post<Array<{ id: number }>>(a, '/position/me');
  const aapl = ctx.app.market.feed.quote(ctx.app.market.deps.catalog.get(0, 'AAPL')!).price;
  const round2 = (n: number) => Math.round(n * 100) / 100;
  const robot = await post<{ id: number }>(a, '/robot/create', {
    strategy: 'grid', stockCode: 'AAPL', amount: 5_000, params: { lower: round2(aapl * 0.9), upper: round2(aapl * 1.1), grids: 10, amountPerGrid: 1_000 },
  });
  const alert = await post<{ id: number }>(a, '/alert/create', { stockCode: 'AAPL', kind: 'percent', direction: 'above', percent: 50 });
  const plan = await post<{ id: number }>(a, '/recurring/create', { stockCode: 'AAPL', amount: 100, frequency: 'monthly', dayOfMonth: 28, time: '15:00' });
  const card = await post<{ id: number }>(a, '/UserAccount/addCardNo', { bankName: 'Harbor Bank', accountName: `Owner ${secret}`, cardNumber: '4111 1111 1111 9876' });
  const withdrawal = await post<{ id: number }>(a, '/withdrawal/withdrawal-apply', { amount: 25, cardId: card.id, payPassword: PAY });
  const now = Math.floor(ctx.clock.now().getTime() / 1000);
  const ipo = await post<{ id: number }>(admin, '/admin/ipos', {
    stockCode: 'AMD', price: 10, lotSize: 100, sharesOffered: 500, prospectusDate: now - 3600, purchaseStartDate: now - 60, purchaseEndDate: now + 3600, listDate: now + 3 * 3600,
  });
  await fund(ctx.app, owner.user.id, 10_000_00, 'SUBSCRIPTION');
  await post(a, '/NewShares/create', { id: ipo.id, quantity: 2 });
  await post(admin, '/admin/messages', { audience: 'user', userId: owner.user.id, title: `Note ${secret}`, content: `For the owner only ${secret}` });
  const [message] = (await get<{ list: Array<{ id: number }> }>(a, '/userMessage/getMessage')).list;
  const chat = await post<{ id: number }>(a, '/chat/send', { text: `chat ${secret}` });
  await call(ctx.app, 'POST', '/loginByUsername', { body: { username: owner.email, password: owner.password }, ip: '10.7.7.8' });
  const session = (await get<Array<{ id: number; current: boolean }>>(a, '/userCenter/sessions')).find((s) => !s.current);
  for (const [name, value] of Object.entries({ transfer, order, position, robot, card, message, chat, session, alert, plan, withdrawal, ipo })) {
    if (!value || typeof (value as { id?: unknown }).id !== 'number') throw new Error(`could not create the owner's ${name}`);
  }
  ownerMarkers = [owner.email, owner.user.inviteCode, `Owner ${secret}`, `Note ${secret}`, `For the owner only ${secret}`, `chat ${secret}`, file];
  return { watch, transfer: transfer.id, order: order.id, position: position!.id, robot: robot.id, card: card.id, message: message!.id, file, chatMessage: chat.id, session: session!.id, alert: alert.id, plan: plan.id, withdrawal: withdrawal.id, ipo: ipo.id };
}

interface OwnershipCase {
  route: string;
  /** The id fields this case proves are checked. */
  fields: string[];
  /** The request on the owner's resource; `own` is an upload of the caller's own. */
  request: (r: OwnedResources, own: string) => Request;
  /** What the intruder may be answered; 403 or 404 unless the reason is given. */
  refused?: { statuses: number[]; why: string };
  /**
   * The owner then makes the same request and is answered 200, which shows the intruder was refused for the
   * owner check and not for a bad request. The cases run in this table's order, so later ones may use up the resource.
   */
  ownerControl?: { skip: string };
  /** What must not change: read as the owner, or the intruder's own records when the attempt would create one. */
  state: (r: OwnedResources) => Promise<unknown>;
}

const ownerWatchlist = () => get(owner.token, '/userSelfSecurity/selectSelfSelectionStocksData');
const ownerTransfers = () => post(owner.token, '/wallet/transferList', {});
const ownerOrders = () => post(owner.token, '/position/consignList', {});
const ownerPositions = () => post(owner.token, '/position/me', {});
const ownerRobot = (r: OwnedResources) => post(owner.token, '/robot/detail', { id: r.robot });
const ownerCards = () => post(owner.token, '/UserAccount/SelectCardNo', {});
const ownerInbox = () => get(owner.token, '/userMessage/getMessage');
const intruderDeposits = () => post(intruder.token, '/recharge/listPage', {});
const intruderKyc = () => post(intruder.token, '/userCenter/kycInfo', {});
const intruderFunds = async () => [await post(intruder.token, '/withdrawal/listPage', {}), await post(intruder.token, '/wallet/getWalletBalance', { walletType: 'BALANCE' })];
const intruderChat = () => get(intruder.token, '/chat/history');
const notYoursUpload = { statuses: [400], why: 'a body that cites another user’s upload is refused as bad input (upload.notYours)' };

const OWNERSHIP: OwnershipCase[] = [
  {
    route: 'POST /userSelfSecurity/sort',
    fields: ['ids'],
    request: (r) => ({ body: { ids: Object.values(r.watch).reverse() } }),
    refused: { statuses: [400, 404], why: 'the ids must be exactly the caller’s entries' },
    state: ownerWatchlist,
  },
  { route: 'POST /userSelfSecurity/delete/:id', fields: ['id'], request: (r) => ({ url: `/userSelfSecurity/delete/${r.watch.MSFT}` }), state: ownerWatchlist },
  {
    route: 'POST /userSelfSecurity/deleteByStockCode/:stockCode',
    fields: ['stockCode'],
    request: () => ({ url: '/userSelfSecurity/deleteByStockCode/NVDA' }),
    refused: { statuses: [200, 404], why: 'a stock code is not a resource: it removes from the caller’s own list, where NVDA is not' },
    state: ownerWatchlist,
  },
  { route: 'POST /wallet/cancelTransfer', fields: ['id'], request: (r) => ({ body: { id: r.transfer } }), state: ownerTransfers },
  { route: 'POST /orders/cancel', fields: ['id'], request: (r) => ({ body: { id: r.order } }), state: ownerOrders },
  { route: 'POST /position/addPositionMargin', fields: ['id'], request: (r) => ({ body: { id: r.position, amount: 10 } }), state: ownerPositions },
  { route: 'POST /alert/delete', fields: ['id'], request: (r) => ({ body: { id: r.alert } }), state: () => post(owner.token, '/alert/list', {}) },
  // In this order, so that the owner's own control requests are each allowed: runs, pause, resume, then cancel.
  { route: 'POST /recurring/runs', fields: ['id'], request: (r) => ({ body: { id: r.plan } }), state: () => post(owner.token, '/recurring/list', {}) },
  { route: 'POST /recurring/pause', fields: ['id'], request: (r) => ({ body: { id: r.plan } }), state: () => post(owner.token, '/recurring/list', {}) },
  { route: 'POST /recurring/resume', fields: ['id'], request: (r) => ({ body: { id: r.plan } }), state: () => post(owner.token, '/recurring/list', {}) },
  { route: 'POST /recurring/cancel', fields: ['id'], request: (r) => ({ body: { id: r.plan } }), state: () => post(owner.token, '/recurring/list', {}) },
  // Before flatPosition, which closes the owner's position.
  { route: 'POST /position/setTpSl', fields: ['id'], request: (r) => ({ body: { id: r.position, stopLoss: 0.01 } }), state: ownerPositions },
  { route: 'POST /position/flatPosition', fields: ['id'], request: (r) => ({ body: { id: r.position } }), state: ownerPositions },
  { route: 'GET /file/:name', fields: ['name'], request: (r) => ({ url: r.file }), state: async (r) => (await send('GET', r.file, { token: owner.token })).status },
  {
    route: 'POST /recharge/create',
    fields: ['credentialUrl'],
    request: (r) => ({ body: { channelId: 1, amount: 100, credentialUrl: r.file } }),
    refused: notYoursUpload,
    state: intruderDeposits,
  },
  {
    route: 'POST /updateReal',
    fields: ['backUrl'],
    request: (r, own) => ({ body: { firstName: 'Eve', lastName: 'Doe', country: 'GB', documentType: 'idcard', documentNumber: 'ID765432', frontUrl: own, backUrl: r.file } }),
    refused: notYoursUpload,
    state: intruderKyc,
  },
  {
    route: 'POST /updateReal',
    fields: ['frontUrl'],
    request: (r) => ({ body: { firstName: 'Eve', lastName: 'Doe', country: 'GB', documentType: 'passport', documentNumber: 'P7654321', frontUrl: r.file } }),
    refused: notYoursUpload,
    ownerControl: { skip: 'the owner’s application of the case above is under review, so a second one is refused whoever’s images it cites' },
    state: intruderKyc,
  },
  {
    route: 'POST /withdrawal/withdrawal-apply',
    fields: ['cardId'],
    request: (r) => ({ body: { amount: 10, cardId: r.card, payPassword: PAY } }),
    state: intruderFunds,
  },
  {
    route: 'POST /UserAccount/UpdateCardNo',
    fields: ['id'],
    request: (r) => ({ body: { id: r.card, bankName: 'Other Bank', accountName: 'Eve Doe', cardNumber: '4000 0000 0000 0002' } }),
    state: ownerCards,
  },
  { route: 'POST /withdrawal/cancel', fields: ['id'], request: (r) => ({ body: { id: r.withdrawal } }), state: () => post(owner.token, '/withdrawal/listPage', {}) },
  {
    route: 'POST /NewShares/draw',
    fields: ['id'],
    request: (r) => ({ body: { id: r.ipo } }),
    refused: { statuses: [404], why: 'an offering’s draw is shown to its subscribers only; the intruder did not subscribe' },
    state: (r) => post(owner.token, '/NewShares/draw', { id: r.ipo }),
  },
  { route: 'POST /UserAccount/delete-card', fields: ['id'], request: (r) => ({ body: { id: r.card } }), state: ownerCards },
  { route: 'GET /userMessage/:id', fields: ['id'], request: (r) => ({ url: `/userMessage/${r.message}` }), state: ownerInbox },
  { route: 'POST /userMessage/updateRead', fields: ['id'], request: (r) => ({ body: { id: r.message } }), state: ownerInbox },
  { route: 'POST /robot/detail', fields: ['id'], request: (r) => ({ body: { id: r.robot } }), state: ownerRobot },
  { route: 'POST /robot/purchaseRecord', fields: ['id'], request: (r) => ({ body: { id: r.robot } }), state: ownerRobot },
  { route: 'POST /robot/pause', fields: ['id'], request: (r) => ({ body: { id: r.robot } }), state: ownerRobot },
  { route: 'POST /robot/resume', fields: ['id'], request: (r) => ({ body: { id: r.robot } }), state: ownerRobot },
  { route: 'POST /robot/stop', fields: ['id'], request: (r) => ({ body: { id: r.robot, closePositions: true } }), state: ownerRobot },
  { route: 'POST /userCenter/sessions/revoke', fields: ['id'], request: (r) => ({ body: { id: r.session } }), state: () => get(owner.token, '/userCenter/sessions') },
  { route: 'POST /chat/send', fields: ['imageUrl'], request: (r) => ({ body: { imageUrl: r.file } }), refused: notYoursUpload, state: intruderChat },
  {
    route: 'GET /chat/history',
    fields: ['beforeId'],
    request: (r) => ({ url: `/chat/history?beforeId=${r.chatMessage + 1}` }),
    refused: { statuses: [200], why: 'a cursor, not a resource: it pages the caller’s own conversation (and must show none of the owner’s)' },
    state: () => get(owner.token, '/chat/history'),
  },
];

const leaked = (text: string) => ownerMarkers.filter((marker) => text.includes(marker));

describe('access-control matrix', () => {
  it('answers every route as intended for a visitor, a user, another user on the first user’s resources, and an admin', async () => {
    const routes = routeTable();
    const failures: string[] = [];
    const fail = (message: string) => failures.push(message);

    // Every id a non-admin route takes is either shared by everyone or has an ownership case.
    for (const route of routes) {
      if (route.access === 'admin' || route.key in EXCEPTIONS) continue;
      for (const field of route.idFields) {
        const covered = OWNERSHIP.some((c) => c.route === route.key && c.fields.includes(field)) || SHARED_IDS[route.key]?.[field];
        if (!covered) fail(`route ${route.key} takes an id (field ${field}) but has no ownership case`);
      }
    }
    const keys = new Set(routes.map((r) => r.key));
    for (const stale of [...OWNERSHIP.map((c) => c.route), ...Object.keys(SHARED_IDS), ...Object.keys(EXCEPTIONS)]) {
      if (!keys.has(stale)) fail(`${stale} is in the matrix's tables but the server has no such route`);
    }

    // Another user on the owner's resources: refused, and nothing changed.
    const resources = await ownerResources();
    const intruderFile = await upload(intruder.token);
    for (const c of OWNERSHIP) {
      const [method, path] = c.route.split(' ') as [string, string];
      const request = c.request(resources, intruderFile);
      const before = JSON.stringify(await c.state(resources));
      const answer = await send(method, request.url ?? path, { token: intruder.token, body: request.body ?? probeBody(method) });
      const after = JSON.stringify(await c.state(resources));
      const allowed = c.refused?.statuses ?? NOT_FOUND_OR_FORBIDDEN;
      const where = `route ${c.route} (field ${c.fields.join(', ')})`;
      if (!allowed.includes(answer.status)) fail(`${where}: another user was answered ${answer.status}, expected ${allowed.join(' or ')}: ${answer.text.slice(0, 200)}`);
      if (after !== before) fail(`${where}: another user's call changed the owner's resource`);
      if (leaked(answer.text).length > 0) fail(`${where}: another user's answer shows the owner's ${leaked(answer.text).join(', ')}`);
    }
    for (const c of OWNERSHIP.filter((c) => !c.ownerControl)) {
      const [method, path] = c.route.split(' ') as [string, string];
      const request = c.request(resources, resources.file);
      const answer = await send(method, request.url ?? path, { token: owner.token, body: request.body ?? probeBody(method) });
      if (answer.status !== 200) fail(`route ${c.route} (field ${c.fields.join(', ')}): the owner's own request was answered ${answer.status}, so the case proves nothing: ${answer.text.slice(0, 200)}`);
    }

    // The matrix itself: every route, four callers.
    const owned = new Set(OWNERSHIP.map((c) => c.route));
    const sessionFor = async (token: string, username: string, password: string) =>
      (await call<{ token: string }>(ctx.app, 'POST', '/loginByUsername', { body: { username, password }, ip: '10.7.7.7' })).data?.token ?? token;
    let pairs = 0;
    const probed = routes.filter((r) => !(r.key in EXCEPTIONS));
    for (const route of probed) {
      const url = probeUrl(route.url);
      const body = probeBody(route.method);
      const as = async (token: string | undefined) => send(route.method, url, { token, body });
      const granted = (answer: Answer) => answer.status !== 401 && answer.status !== 403 && answer.status < 500;

      const visitor = await as(undefined);
      if (route.access === 'public' ? !granted(visitor) : visitor.status !== 401) fail(`route ${route.key} [${route.access}]: a visitor was answered ${visitor.status}`);

      const userToken = ENDS_SESSION.has(route.key) ? await sessionFor(owner.token, owner.email, owner.password) : owner.token;
      const user = await as(userToken);
      if (route.access === 'admin' ? user.status !== 403 : !granted(user)) fail(`route ${route.key} [${route.access}]: a user was answered ${user.status}`);

      // The other user: the ownership case where the route takes the owner's ids; otherwise the same call must show none of the owner's data.
      if (!owned.has(route.key)) {
        const intruderToken = ENDS_SESSION.has(route.key) ? await sessionFor(intruder.token, intruder.email, intruder.password) : intruder.token;
        const other = await as(intruderToken);
        if (route.access === 'admin' ? other.status !== 403 : !granted(other)) fail(`route ${route.key} [${route.access}]: another user was answered ${other.status}`);
        if (leaked(other.text).length > 0) fail(`route ${route.key}: another user's answer shows the owner's ${leaked(other.text).join(', ')}`);
      }

      const adminSession = ENDS_SESSION.has(route.key) ? await sessionFor(admin, ADMIN_EMAIL, ADMIN_PASSWORD) : admin;
      const staff = await as(adminSession);
      if (!granted(staff)) fail(`route ${route.key} [${route.access}]: an admin was answered ${staff.status}`);
      pairs += 4;
    }

    console.log(
      `access matrix: ${probed.length} routes × 4 roles = ${pairs} pairs checked, ${OWNERSHIP.length} ownership cases (${OWNERSHIP.filter((c) => !c.ownerControl).length} with the owner's own request as control)` +
        ` (${Object.keys(EXCEPTIONS).length} route excepted: ${Object.keys(EXCEPTIONS).join(', ')})`,
    );
    expect(failures).toEqual([]);
    expect(probed.length).toBeGreaterThan(100);
  });
});
