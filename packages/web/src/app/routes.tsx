import type { ComponentType } from 'react';
import type { RouteObject } from '../lib/router/router';
import type { PageTitleKey, RouteHandle } from './page-title';
import { paths } from '../lib/paths';
import { GuestOnly, RequireLogin } from './guards';
import { AppLayout, StackLayout, TabLayout } from './layouts';
import { lazyPage } from './lazy-page';
import { RouteErrorBoundary } from './route-error-boundary';

/** Who may open a page: anyone, only a logged-in user, or only a visitor (the auth pages). */
type Access = 'public' | 'user' | 'guest';

interface PageRoute {
  path: string;
  titleKey: PageTitleKey;
  tabTitleKeys?: RouteHandle['tabTitleKeys'];
  Page: ComponentType;
  access?: Access;
}

// Home's first paint carries only the English texts it uses (i18n/locales/en-first-paint.ts).
const HomePage = lazyPage(() => import('../features/home/pages/home-page').then((m) => m.HomePage), { firstPaintTextsSuffice: true });
const MarketPage = lazyPage(() => import('../features/market/pages/market-page').then((m) => m.MarketPage));
const WatchlistPage = lazyPage(() => import('../features/watchlist/pages/watchlist-page').then((m) => m.WatchlistPage));
const TradePage = lazyPage(() => import('../features/trade/pages/trade-page').then((m) => m.TradePage));
const AccountPage = lazyPage(() => import('../features/profile/pages/account-page').then((m) => m.AccountPage));

const LoginPage = lazyPage(() => import('../features/auth/pages/login-page').then((m) => m.LoginPage));
const RegisterPage = lazyPage(() => import('../features/auth/pages/register-page').then((m) => m.RegisterPage));
const ResetPasswordPage = lazyPage(() =>
  import('../features/auth/pages/reset-password-page').then((m) => m.ResetPasswordPage),
);

const SettingsPage = lazyPage(() => import('../features/settings/pages/settings-page').then((m) => m.SettingsPage));
const SecurityPage = lazyPage(() => import('../features/settings/pages/security-page').then((m) => m.SecurityPage));
const LoginPasswordPage = lazyPage(() =>
  import('../features/settings/pages/login-password-page').then((m) => m.LoginPasswordPage),
);
const PayPasswordPage = lazyPage(() =>
  import('../features/settings/pages/pay-password-page').then((m) => m.PayPasswordPage),
);

const StockQuotePage = lazyPage(() => import('../features/quote/pages/quote-pages').then((m) => m.StockQuotePage));
const GlobalIndexQuotePage = lazyPage(() =>
  import('../features/quote/pages/quote-pages').then((m) => m.GlobalIndexQuotePage),
);
const FutureQuotePage = lazyPage(() => import('../features/quote/pages/quote-pages').then((m) => m.FutureQuotePage));
const ForexQuotePage = lazyPage(() => import('../features/quote/pages/quote-pages').then((m) => m.ForexQuotePage));
const StockOrderPage = lazyPage(() => import('../features/trade/pages/order-page').then((m) => m.StockOrderPage));
const FutureOrderPage = lazyPage(() => import('../features/trade/pages/order-page').then((m) => m.FutureOrderPage));
const ForexOrderPage = lazyPage(() => import('../features/trade/pages/order-page').then((m) => m.ForexOrderPage));
const ClosePositionPage = lazyPage(() =>
  import('../features/trade/pages/close-position-page').then((m) => m.ClosePositionPage),
);
const TransferPage = lazyPage(() => import('../features/wallet/pages/transfer-page').then((m) => m.TransferPage));
const TransactionPage = lazyPage(() => import('../features/wallet/pages/transaction-page').then((m) => m.TransactionPage));
const ManageWatchlistPage = lazyPage(() =>
  import('../features/watchlist/pages/manage-watchlist-page').then((m) => m.ManageWatchlistPage),
);
const SearchPage = lazyPage(() => import('../features/search/pages/search-page').then((m) => m.SearchPage));
const RobotCataloguePage = lazyPage(() => import('../features/robots/pages/robot-catalogue-page').then((m) => m.RobotCataloguePage));
const RobotDetailPage = lazyPage(() => import('../features/robots/pages/robot-detail-page').then((m) => m.RobotDetailPage));
const MyRobotsPage = lazyPage(() => import('../features/robots/pages/my-robots-page').then((m) => m.MyRobotsPage));

const DepositPage = lazyPage(() => import('../features/funding/pages/deposit-page').then((m) => m.DepositPage));
const DepositFiatPage = lazyPage(() => import('../features/funding/pages/deposit-fiat-page').then((m) => m.DepositFiatPage));
const DepositWalletPage = lazyPage(() => import('../features/funding/pages/deposit-wallet-page').then((m) => m.DepositWalletPage));
const DepositRecordPage = lazyPage(() => import('../features/funding/pages/deposit-record-page').then((m) => m.DepositRecordPage));
const WithdrawBankCardPage = lazyPage(() => import('../features/funding/pages/withdraw-pages').then((m) => m.WithdrawBankCardPage));
const WithdrawCryptoPage = lazyPage(() => import('../features/funding/pages/withdraw-pages').then((m) => m.WithdrawCryptoPage));
const WithdrawOtherPage = lazyPage(() => import('../features/funding/pages/withdraw-other-page').then((m) => m.WithdrawOtherPage));
const PaymentMethodsPage = lazyPage(() => import('../features/funding/pages/payment-methods-page').then((m) => m.PaymentMethodsPage));
const BankCardEditPage = lazyPage(() => import('../features/funding/pages/bank-card-edit-page').then((m) => m.BankCardEditPage));
const WalletEditPage = lazyPage(() => import('../features/funding/pages/wallet-edit-page').then((m) => m.WalletEditPage));
const PhonePage = lazyPage(() => import('../features/profile/pages/phone-page').then((m) => m.PhonePage));
const SharePage = lazyPage(() => import('../features/referral/pages/share-page').then((m) => m.SharePage));
const RecurringPage = lazyPage(() => import('../features/recurring/pages/recurring-page').then((m) => m.RecurringPage));
const AlertsPage = lazyPage(() => import('../features/alerts/pages/alerts-page').then((m) => m.AlertsPage));
const StatementPage = lazyPage(() => import('../features/statement/pages/statement-page').then((m) => m.StatementPage));
const WebviewPage = lazyPage(() => import('../features/documents/pages/webview-page').then((m) => m.WebviewPage));
const KycPage = lazyPage(() => import('../features/kyc/pages/kyc-page').then((m) => m.KycPage));
const KycIdCardPage = lazyPage(() => import('../features/kyc/pages/kyc-document-page').then((m) => m.KycIdCardPage));
const KycPassportPage = lazyPage(() => import('../features/kyc/pages/kyc-document-page').then((m) => m.KycPassportPage));
const NoticeCenterPage = lazyPage(() => import('./notice-center').then((m) => m.NoticeCenterPage));
const NoticeDetailRoute = lazyPage(() => import('./notice-center').then((m) => m.NoticeDetailRoute));
const ChatPage = lazyPage(() => import('../features/chat/pages/chat-page').then((m) => m.ChatPage));
const NewsDetailPage = lazyPage(() => import('../features/articles/pages/article-detail-page').then((m) => m.NewsDetailPage));

const TaiwanProductPage = lazyPage(() => import('../features/market/pages/product-pages').then((m) => m.TaiwanProductPage));
const FuturesProductPage = lazyPage(() => import('../features/market/pages/product-pages').then((m) => m.FuturesProductPage));
const PopularProductPage = lazyPage(() => import('../features/market/pages/product-pages').then((m) => m.PopularProductPage));
const BlockTradePage = lazyPage(() => import('../features/trade/pages/block-trade-page').then((m) => m.BlockTradePage));
const FollowProductPage = lazyPage(() => import('../features/follow/pages/follow-product-page').then((m) => m.FollowProductPage));
const FollowPaymentPage = lazyPage(() => import('../features/follow/pages/follow-payment-page').then((m) => m.FollowPaymentPage));
const NewStockPage = lazyPage(() => import('../features/ipo/pages/new-stock-page').then((m) => m.NewStockPage));
const IpoSubscribePage = lazyPage(() => import('../features/ipo/pages/subscribe-page').then((m) => m.SubscribePage));

const AdminApp = lazyPage(() => import('../admin/admin-app').then((m) => m.AdminApp));
const NotFoundPage = lazyPage(() => import('./not-found-page').then((m) => m.NotFoundPage));

/** The five tabs of SPEC §2; the root path is Home as well. */
export const tabRoutes: readonly PageRoute[] = [
  { path: paths.root, titleKey: 'pages.home', Page: HomePage },
  { path: paths.home, titleKey: 'pages.home', Page: HomePage },
  { path: paths.market, titleKey: 'pages.market', Page: MarketPage },
  { path: paths.watchlist, titleKey: 'pages.watchlist', Page: WatchlistPage },
  { path: paths.trade, titleKey: 'pages.trade', Page: TradePage },
  { path: paths.account, titleKey: 'pages.account', Page: AccountPage },
];

/** Every other page of SPEC §2, opened by normal navigation under the nav bar. */
export const stackRoutes: readonly PageRoute[] = [
  { path: paths.quoteStock, titleKey: 'pages.quoteStock', Page: StockQuotePage },
  { path: paths.quoteGlobalIndex, titleKey: 'pages.quoteGlobalIndex', Page: GlobalIndexQuotePage },
  { path: paths.quoteFuture, titleKey: 'pages.quoteFuture', Page: FutureQuotePage },
  { path: paths.quoteForex, titleKey: 'pages.quoteForex', Page: ForexQuotePage },

  { path: paths.orderStock, titleKey: 'pages.orderStock', Page: StockOrderPage, access: 'user' },
  { path: paths.orderFuture, titleKey: 'pages.orderFuture', Page: FutureOrderPage, access: 'user' },
  { path: paths.orderForex, titleKey: 'pages.orderForex', Page: ForexOrderPage, access: 'user' },
  { path: paths.orderNewStock, titleKey: 'pages.orderNewStock', Page: IpoSubscribePage, access: 'user' },
  { path: paths.orderFollow, titleKey: 'pages.orderFollow', Page: FollowPaymentPage, access: 'user' },
  { path: paths.orderClose, titleKey: 'pages.orderClose', Page: ClosePositionPage, access: 'user' },

  { path: paths.watchlistManage, titleKey: 'pages.watchlistManage', Page: ManageWatchlistPage, access: 'user' },

  { path: paths.productFollow, titleKey: 'pages.productFollow', Page: FollowProductPage },
  { path: paths.productFuture, titleKey: 'pages.productFuture', Page: FuturesProductPage },
  { path: paths.productPopular, titleKey: 'pages.productPopular', Page: PopularProductPage },
  { path: paths.productBlockTrade, titleKey: 'pages.productBlockTrade', Page: BlockTradePage },
  { path: paths.productNewStock, titleKey: 'pages.productNewStock', Page: NewStockPage },
  { path: paths.productTaiwan, titleKey: 'pages.productTaiwan', Page: TaiwanProductPage },

  { path: paths.login, titleKey: 'pages.login', Page: LoginPage, access: 'guest' },
  { path: paths.register, titleKey: 'pages.register', Page: RegisterPage, access: 'guest' },
  { path: paths.resetPassword, titleKey: 'pages.resetPassword', Page: ResetPasswordPage, access: 'guest' },

  { path: paths.share, titleKey: 'pages.share', Page: SharePage, access: 'user' },
  { path: paths.phone, titleKey: 'pages.phone', Page: PhonePage, access: 'user' },
  { path: paths.statement, titleKey: 'pages.statement', Page: StatementPage, access: 'user' },
  { path: paths.alerts, titleKey: 'pages.alerts', Page: AlertsPage, access: 'user' },
  { path: paths.recurring, titleKey: 'pages.recurring', Page: RecurringPage, access: 'user' },
  { path: paths.transactions, titleKey: 'pages.transactions', Page: TransactionPage, access: 'user' },
  { path: paths.transfer, titleKey: 'pages.transfer', Page: TransferPage, access: 'user' },

  { path: '/pages/withdraw/vm', titleKey: 'pages.withdrawCrypto', Page: WithdrawCryptoPage, access: 'user' },
  { path: paths.withdrawBankCard, titleKey: 'pages.withdrawBankCard', Page: WithdrawBankCardPage, access: 'user' },
  { path: '/pages/withdraw/other', titleKey: 'pages.withdrawOther', Page: WithdrawOtherPage, access: 'user' },

  { path: paths.deposit, titleKey: 'pages.deposit', Page: DepositPage, access: 'user' },
  { path: '/pages/deposit/fiat', titleKey: 'pages.depositFiat', Page: DepositFiatPage, access: 'user' },
  { path: '/pages/deposit/wallet', titleKey: 'pages.depositWallet', Page: DepositWalletPage, access: 'user' },
  { path: '/pages/deposit/record', titleKey: 'pages.depositRecords', tabTitleKeys: { withdrawals: 'pages.withdrawalRecords' }, Page: DepositRecordPage, access: 'user' },

  { path: paths.settings, titleKey: 'pages.settings', Page: SettingsPage },
  { path: paths.security, titleKey: 'pages.security', Page: SecurityPage, access: 'user' },
  { path: paths.loginPassword, titleKey: 'pages.loginPassword', Page: LoginPasswordPage, access: 'user' },
  { path: paths.payPassword, titleKey: 'pages.payPassword', Page: PayPasswordPage, access: 'user' },

  { path: paths.robotCatalogue, titleKey: 'pages.robotCatalogue', Page: RobotCataloguePage },
  { path: paths.robotDetail, titleKey: 'pages.robotDetail', Page: RobotDetailPage, access: 'user' },
  { path: paths.robotMine, titleKey: 'pages.robotMine', Page: MyRobotsPage, access: 'user' },

  { path: paths.bankCards, titleKey: 'pages.bankCards', Page: PaymentMethodsPage, access: 'user' },
  { path: '/pages/bcard/modify', titleKey: 'pages.bankCardEdit', Page: BankCardEditPage, access: 'user' },
  { path: '/pages/vm/modify', titleKey: 'pages.walletEdit', Page: WalletEditPage, access: 'user' },

  { path: paths.kyc, titleKey: 'pages.kyc', Page: KycPage, access: 'user' },
  { path: '/pages/kycverify/idcard', titleKey: 'pages.kycIdCard', Page: KycIdCardPage, access: 'user' },
  { path: '/pages/kycverify/passport', titleKey: 'pages.kycPassport', Page: KycPassportPage, access: 'user' },

  { path: paths.search, titleKey: 'pages.search', Page: SearchPage },
  { path: paths.notices, titleKey: 'pages.notices', Page: NoticeCenterPage },
  { path: paths.noticeDetail, titleKey: 'pages.noticeDetail', Page: NoticeDetailRoute },
  { path: paths.service, titleKey: 'pages.service', Page: ChatPage },
  { path: paths.newsDetail, titleKey: 'pages.newsDetail', Page: NewsDetailPage },
  { path: paths.webview, titleKey: 'pages.webview', Page: WebviewPage },
];

function guarded(Page: ComponentType, access: Access = 'public') {
  switch (access) {
    case 'public':
      return <Page />;
    case 'user':
      return (
        <RequireLogin>
          <Page />
        </RequireLogin>
      );
    case 'guest':
      return (
        <GuestOnly>
          <Page />
        </GuestOnly>
      );
  }
}

function toRouteObject({ path, titleKey, tabTitleKeys, Page, access }: PageRoute): RouteObject {
  const handle: RouteHandle = tabTitleKeys ? { titleKey, tabTitleKeys } : { titleKey };
  return { path, handle, element: guarded(Page, access) };
}

/** The whole route tree, rendered by `AppRoutes` (the app mounts it in a hash router, tests in a memory router). */
export const appRoutes: RouteObject[] = [
  // The back office (DESIGN §8): its own desktop layout and lazy chunk, outside the mobile column.
  {
    path: '/admin/*',
    element: (
      <RouteErrorBoundary>
        <AdminApp />
      </RouteErrorBoundary>
    ),
  },
  {
    element: (
      <RouteErrorBoundary>
        <AppLayout />
      </RouteErrorBoundary>
    ),
    children: [
      { element: <TabLayout />, children: tabRoutes.map(toRouteObject) },
      {
        element: <StackLayout />,
        children: [
          ...stackRoutes.map(toRouteObject),
          { path: '*', handle: { titleKey: 'pages.notFound' } satisfies RouteHandle, element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
