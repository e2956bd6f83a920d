export { watchlistRoutes } from './watchlist.routes.js';
export { watchedLookup } from './watchlist.service.js';
