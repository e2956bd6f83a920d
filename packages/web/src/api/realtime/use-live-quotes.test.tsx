import { act, render, renderHook, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeWebSocket } from '../../test/fake-websocket';
import { sampleQuote } from '../../test/sample-quote';
import { LIVE_REPAINT_MS, useLiveQuotes } from './use-live-quotes';

const aapl = sampleQuote({ stock_code: 'AAPL', price_nominal: 190, currencyUsDatetime: 0 });
const msft = sampleQuote({ stock_code: 'MSFT', price_nominal: 410, currencyUsDatetime: 0 });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function connected(ws: ReturnType<typeof installFakeWebSocket>) {
  await waitFor(() => expect(ws.sent()).toContainEqual(expect.objectContaining({ type: 'subscribe' })));
}

describe('useLiveQuotes', () => {
  it('overlays a tick on its item and keeps the identity of items whose symbol did not tick', async () => {
    const ws = installFakeWebSocket();
    const items = [aapl, msft];
    const { result } = renderHook(() => useLiveQuotes(items));
    await connected(ws);
    const before = result.current;

    act(() => ws.tick({ source: 0, code: 'AAPL', price_nominal: 191.5, change: 1.5, change_ratio: 0.79 }));
    await waitFor(() => expect(result.current[0]?.price_nominal).toBe(191.5));

    expect(result.current[1]).toBe(before[1]);
    const afterAapl = result.current[0];
    act(() => ws.tick({ source: 0, code: 'MSFT', price_nominal: 411, change: 1, change_ratio: 0.24 }));
    await waitFor(() => expect(result.current[1]?.price_nominal).toBe(411));
    // AAPL did not tick again: the same object, so its memoised row is skipped.
    expect(result.current[0]).toBe(afterAapl);
  });

  it('repaints every list on screen in one render for ticks that arrive within one repaint interval', async () => {
    const ws = installFakeWebSocket();
    function Lists() {
      useLiveQuotes([aapl]);
      useLiveQuotes([msft]);
      return null;
    }
    function Other() {
      useLiveQuotes([msft]);
      return null;
    }
    let commits = 0;
    render(
      <Profiler id="lists" onRender={() => commits++}>
        <Lists />
        <Other />
      </Profiler>,
    );
    await connected(ws);
    await sleep(LIVE_REPAINT_MS * 2);
    const settled = commits;

    // Outside act(), as in the browser (act() batches updates itself), and on fake timers so the
    // two websocket messages are exactly 30 ms apart: the shared repaint runs at 120 ms for both.
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // React schedules its render on a MessageChannel (not faked): let that and its commit run.
    const settleReact = async () => {
      for (let i = 0; i < 5; i++) {
        await new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            channel.port1.close();
            resolve();
          };
          channel.port2.postMessage(null);
        });
      }
    };
    try {
      ws.tick({ source: 0, code: 'AAPL', price_nominal: 191, change: 1, change_ratio: 0.5 });
      vi.advanceTimersByTime(30);
      ws.tick({ source: 0, code: 'MSFT', price_nominal: 411, change: 1, change_ratio: 0.24 });
      vi.advanceTimersByTime(LIVE_REPAINT_MS - 30 + 5);
      await settleReact();
      vi.advanceTimersByTime(LIVE_REPAINT_MS);
      vi.useRealTimers();
      await sleep(50); // any render still queued commits now
    } finally {
      vi.useRealTimers();
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    }

    expect(commits - settled).toBe(1);
  });
});
