export { seedDemoBlockOffers } from './block-offers-admin.js';
export { openDeliveredPosition } from './delivered-position.js';
export { accountValueParts } from './funding-overview.js';
export { futuresOrderInput } from './order-entry.js';
export { quoteSourceOf, walletFor } from './trading-rules.js';
export { openPositions, tradePermission } from './trading.repository.js';
export { tradingDepsOf, tradingRoutes } from './trading.routes.js';
export { affordableQuantity, closeInTransaction, closePosition, followHoldings, myPositions, openPosition, placeOrder, publish, quote, sourceFromPath, toOrder, toPosition, tradableInstrument } from './trading.service.js';
export type { TradingDeps } from './trading.service.js';
