/** Route paths of SPEC §2 that code links to; the router in app/ registers every one of them. */
export const paths = {
  root: '/',
  home: '/pages/home/index',
  market: '/pages/market/index',
  watchlist: '/pages/watchlist/index',
  trade: '/pages/trade/index',
  account: '/pages/profile/index',
  login: '/pages/auth/login',
  register: '/pages/auth/register',
  resetPassword: '/pages/auth/resetpwd',
  share: '/pages/profile/share',
  transactions: '/pages/profile/transaction',
  transfer: '/pages/profile/transfer',
  withdrawBankCard: '/pages/withdraw/bcard',
  deposit: '/pages/deposit/index',
  settings: '/pages/setting/index',
  security: '/pages/setting/security',
  loginPassword: '/pages/setting/loginpwd',
  payPassword: '/pages/setting/paypwd',
  bankCards: '/pages/bcard/index',
  kyc: '/pages/kycverify/index',
  search: '/pages/search/index',
  watchlistManage: '/pages/watchlist/manage',
  quoteStock: '/pages/quote/stock',
  quoteGlobalIndex: '/pages/quote/globalindex',
  quoteFuture: '/pages/quote/future',
  quoteForex: '/pages/quote/forex',
  orderStock: '/pages/payment/stock',
  orderFuture: '/pages/payment/future',
  orderForex: '/pages/payment/forex',
  orderClose: '/pages/payment/close',
  orderFollow: '/pages/payment/follow',
  orderNewStock: '/pages/payment/newstock',
  productTaiwan: '/pages/product/taiwan',
  productFuture: '/pages/product/future',
  productPopular: '/pages/product/popular',
  productBlockTrade: '/pages/product/blocktrade',
  productNewStock: '/pages/product/newstock',
  productFollow: '/pages/product/follow',
  robotCatalogue: '/pages/robot/index',
  robotDetail: '/pages/robot/detail',
  robotMine: '/pages/robot/mine',
  notices: '/pages/notice/index',
  noticeDetail: '/pages/notice/detail',
  newsDetail: '/pages/news/detail',
} as const;

export const tabPaths: readonly string[] = [paths.root, paths.home, paths.market, paths.watchlist, paths.trade, paths.account];

export function isTabPath(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? path;
  return tabPaths.includes(pathname);
}
