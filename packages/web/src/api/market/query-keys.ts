/*
 * Query-key roots of the market data. Several features read the same data and the watchlist toggle
 * changes what they show, so the roots live here and every endpoint file builds its key under one.
 */

/** Every read that answers quote items, which carry the caller's `selfSelectStatus`. */
export const quotesQueryKey = ['quotes'] as const;

/** Chart bars: never touched by the watchlist, so a toggle does not redraw the chart. */
export const klineQueryKey = ['kline'] as const;

/** The signed-in user's own watchlist. */
export const watchlistQueryKey = ['watchlist'] as const;
