import type { QuoteItem, QuoteTick, WsSymbol } from '@tradewind/contract';
import { symbolKey } from '@tradewind/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuoteStream } from './use-quote-stream';
import { toWsSymbol } from './ws-symbol';

/** The fields of a quote item a tick replaces; anything carrying them can be made live. */
export type LiveFields = Pick<
  QuoteItem,
  'stock_code' | 'source' | 'price_nominal' | 'bid' | 'ask' | 'change' | 'change_ratio' | 'volume' | 'fall' | 'currencyUsDatetime'
>;

/** Repaints at most this often however fast ticks arrive: smooth for the eye, cheap for the phone. */
export const LIVE_REPAINT_MS = 120;

/** The item with the tick's price, bid and ask, change, volume and time, if the tick is not older than the item. */
export function applyTick<T extends LiveFields>(item: T, tick: QuoteTick | undefined): T {
  if (!tick || tick.ts < item.currencyUsDatetime * 1000) return item;
  return {
    ...item,
    price_nominal: tick.price_nominal,
    bid: tick.bid,
    ask: tick.ask,
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
 * One repaint clock for every live list on screen: the ticks of a burst reach React in one task,
 * which renders them in one pass, instead of one pass per list and per timer.
 */
const dueRepaints = new Set<() => void>();
let repaintTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleRepaint(repaint: () => void): void {
  dueRepaints.add(repaint);
  repaintTimer ??= setTimeout(() => {
    repaintTimer = undefined;
    const due = [...dueRepaints];
    dueRepaints.clear();
    for (const run of due) run();
  }, LIVE_REPAINT_MS);
}

/**
 * Quote items as they are now: subscribes to their symbols on the quote stream and overlays the
 * latest tick on each, so lists, cards and headers update without reloading. An item whose symbol
 * has not ticked since the last repaint keeps its identity, so a memoised row of it does not render.
 */
export function useLiveQuotes<T extends LiveFields>(items: readonly T[] | undefined): T[] {
  const stream = useQuoteStream();
  const symbols = useMemo(() => (items ?? []).map(symbolOf).filter((s): s is WsSymbol => s !== null), [items]);
  // Lists refetch into new arrays with the same symbols: resubscribe only when the set changes.
  const symbolsKey = symbols.map(symbolKey).join(',');
  const [version, setVersion] = useState(0);
  const overlays = useRef(new WeakMap<T, { tick: QuoteTick; live: T }>());

  useEffect(() => {
    if (!stream || symbols.length === 0) return undefined;
    const repaint = () => setVersion((v) => v + 1);
    const unsubscribe = stream.subscribe(symbols, () => scheduleRepaint(repaint));
    return () => {
      dueRepaints.delete(repaint);
      unsubscribe();
    };
    // symbolsKey stands for symbols: same key, same subscription.
  }, [stream, symbolsKey]);

  return useMemo(
    () =>
      (items ?? []).map((item) => {
        const symbol = symbolOf(item);
        const tick = symbol && stream ? stream.latestTick(symbol) : undefined;
        if (!tick) return item;
        const overlay = overlays.current.get(item);
        if (overlay?.tick === tick) return overlay.live;
        const live = applyTick(item, tick);
        overlays.current.set(item, { tick, live });
        return live;
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
