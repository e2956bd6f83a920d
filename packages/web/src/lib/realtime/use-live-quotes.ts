import type { QuoteItem, QuoteTick, WsSymbol } from '@tradewind/contract';
import { symbolKey } from '@tradewind/contract';
import { useEffect, useMemo, useState } from 'react';
import { getQuoteStream, toWsSymbol } from './quote-stream';

/** The fields of a quote item a tick replaces; anything carrying them can be made live. */
export type LiveFields = Pick<
  QuoteItem,
  'stock_code' | 'source' | 'price_nominal' | 'change' | 'change_ratio' | 'volume' | 'fall' | 'currencyUsDatetime'
>;

/** Repaints at most this often however fast ticks arrive: smooth for the eye, cheap for the phone. */
export const LIVE_REPAINT_MS = 120;

/** The item with the tick's price, change, volume and time, if the tick is not older than the item. */
export function applyTick<T extends LiveFields>(item: T, tick: QuoteTick | undefined): T {
  if (!tick || tick.ts < item.currencyUsDatetime * 1000) return item;
  return {
    ...item,
    price_nominal: tick.price_nominal,
    change: tick.change,
    change_ratio: tick.change_ratio,
    volume: tick.volume,
    fall: tick.fall,
    currencyUsDatetime: Math.floor(tick.ts / 1000),
  };
}

function symbolOf(item: LiveFields): WsSymbol | null {
  return toWsSymbol(item.source, item.stock_code);
}

/**
 * Quote items as they are now: subscribes to their symbols on the quote stream and overlays the
 * latest tick on each, so lists, cards and headers update without reloading.
 */
export function useLiveQuotes<T extends LiveFields>(items: readonly T[] | undefined): T[] {
  const stream = getQuoteStream();
  const symbols = useMemo(() => (items ?? []).map(symbolOf).filter((s): s is WsSymbol => s !== null), [items]);
  // Lists refetch into new arrays with the same symbols: resubscribe only when the set changes.
  const symbolsKey = symbols.map(symbolKey).join(',');
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (symbols.length === 0) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = stream.subscribe(symbols, () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        setVersion((v) => v + 1);
      }, LIVE_REPAINT_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
    // symbolsKey stands for symbols: same key, same subscription.
  }, [stream, symbolsKey]);

  return useMemo(
    () =>
      (items ?? []).map((item) => {
        const symbol = symbolOf(item);
        return symbol ? applyTick(item, stream.latestTick(symbol)) : item;
      }),
    // version changes when a tick arrived
    [items, stream, version],
  );
}

/** One item made live; undefined while it is not loaded. */
export function useLiveQuote<T extends LiveFields>(item: T | undefined): T | undefined {
  const items = useMemo(() => (item ? [item] : undefined), [item]);
  return useLiveQuotes(items)[0];
}
