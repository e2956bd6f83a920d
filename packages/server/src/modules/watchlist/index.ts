export { watchlistRoutes } from './watchlist.routes.js';
export { watchedInstruments, watchedKeys } from './watchlist.service.js';
export type { WatchlistDeps } from './watchlist.service.js';
