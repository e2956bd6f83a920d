import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { samplePosition, sampleWallet } from '../../test/sample-trading';
import { alertsQueryKey, notifyAlert } from '../../lib/alerts/alerts';
import { positionsQueryKey, restingOrdersQueryKey, tradeHistoryQueryKey, walletBalanceQueryKey } from '../../lib/trading/query-keys';
import { applyPrivateEvent } from './use-private-channel';

function client() {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

describe('private channel events on the query cache', () => {
  it('a position event replaces that position in every list holding it, and drops it once closed', () => {
    const queryClient = client();
    const other = samplePosition({ id: 8, stockCode: 'MSFT' });
    queryClient.setQueryData([...positionsQueryKey, 'me', 'all'], [samplePosition(), other]);
    queryClient.setQueryData([...positionsQueryKey, 'by-stock', 0, 'MSFT'], [other]);
    const refreshTotals = vi.fn();

    applyPrivateEvent(queryClient, { type: 'position', position: samplePosition({ profit: -5 }) }, refreshTotals);
    expect(queryClient.getQueryData<{ profit: number }[]>([...positionsQueryKey, 'me', 'all'])?.map((p) => p.profit)).toEqual([-5, 12.3]);
    expect(queryClient.getQueryData([...positionsQueryKey, 'by-stock', 0, 'MSFT'])).toEqual([other]);
    expect(refreshTotals).toHaveBeenCalledTimes(1);

    const history = vi.spyOn(queryClient, 'invalidateQueries');
    applyPrivateEvent(queryClient, { type: 'position', position: samplePosition({ status: 'closed', positionNum: 0 }) }, refreshTotals);
    expect(queryClient.getQueryData<{ id: number }[]>([...positionsQueryKey, 'me', 'all'])?.map((p) => p.id)).toEqual([8]);
    expect(history).toHaveBeenCalledWith({ queryKey: tradeHistoryQueryKey });
  });

  it('a balance event writes the wallet balance; an order event refreshes resting orders and history', () => {
    const queryClient = client();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    applyPrivateEvent(queryClient, { type: 'balance', wallet: sampleWallet({ available: 123.45 }) }, vi.fn());
    expect(queryClient.getQueryData([...walletBalanceQueryKey, 'STOCK', 'USD'])).toMatchObject({ available: 123.45 });

    applyPrivateEvent(queryClient, { type: 'order', order: {} as never }, vi.fn());
    expect(invalidate).toHaveBeenCalledWith({ queryKey: restingOrdersQueryKey });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: tradeHistoryQueryKey });
  });

  it('a new inbox message refetches everything on screen, since a verdict can change any of it', () => {
    const queryClient = client();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const message = { id: 3, title: 'Deposit credited', content: 'Your deposit of 10 USD was approved.', isRead: false, createTimestamp: 1 };
    applyPrivateEvent(queryClient, { type: 'message', message }, vi.fn());
    expect(invalidate).toHaveBeenCalledWith();
  });

  it('a fired price alert refetches the alert list, and is shown as a browser notification only where allowed', () => {
    const queryClient = client();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const alert = {
      id: 4, stockCode: 'AAPL', name: 'Apple Inc', source: 0, market: 'NASDAQ', kind: 'price' as const, direction: 'above' as const, targetPrice: 200, basePrice: 190,
      percent: null, status: 'triggered' as const, triggeredPrice: 200.5, triggeredTimestamp: 2, createTimestamp: 1,
    };
    applyPrivateEvent(queryClient, { type: 'alert', alert }, vi.fn());
    expect(invalidate).toHaveBeenCalledWith({ queryKey: alertsQueryKey });

    const shown: string[] = [];
    class FakeNotification {
      static permission: NotificationPermission = 'denied';
      constructor(title: string) {
        shown.push(title);
      }
    }
    vi.stubGlobal('Notification', FakeNotification);
    notifyAlert(alert, 'Price alert: Apple Inc at 200.5', 'AAPL');
    expect(shown).toEqual([]);
    FakeNotification.permission = 'granted';
    notifyAlert(alert, 'Price alert: Apple Inc at 200.5', 'AAPL');
    expect(shown).toEqual(['Price alert: Apple Inc at 200.5']);
    vi.unstubAllGlobals();
  });

  it('refetches what it feeds after a reconnect, not on the first opening', () => {
    const queryClient = client();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    applyPrivateEvent(queryClient, { type: 'authenticated', reconnected: false }, vi.fn());
    expect(invalidate).not.toHaveBeenCalled();
    applyPrivateEvent(queryClient, { type: 'authenticated', reconnected: true }, vi.fn());
    expect(invalidate).toHaveBeenCalledWith({ queryKey: positionsQueryKey });
  });
});
