export { pushWalletBalance, walletPlugin } from './wallet.plugin.js';
export { walletRoutes } from './wallet.routes.js';
export { createTransfer, walletBalance, walletBill, walletOverview } from './wallet.service.js';
export type { WalletDeps } from './wallet.service.js';
