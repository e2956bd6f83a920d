import { ApiCode, type Position } from '@tradewind/contract';
import { expireSession } from '../client';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { localizedMessageTitle } from '../inbox/message-title';
import { useSession } from '../../lib/session/use-session';
import { showToast } from '../../lib/toast';
import {
  fundingOverviewQueryKey,
  fundsQueryKey,
  positionsQueryKey,
  restingOrdersQueryKey,
  tradeHistoryQueryKey,
  walletBalanceQueryKey,
  walletBillQueryKey,
  walletOverviewQueryKey,
} from '../../lib/trading/query-keys';
import { useTranslation } from 'react-i18next';
import { alertsQueryKey, notifyAlert } from '../../lib/alerts/alerts';
import type { PrivateEvent } from './quote-stream';
import { useQuoteStream } from './use-quote-stream';

/**
 * Totals (funding overview, wallet list) are recomputed by the server from every position: they are
 * refetched at most this often however many position marks arrive (one per open position a second).
 */
export const TOTALS_REFRESH_MS = 3000;

/** A position list with the pushed position in place: updated, or gone once it is no longer open. */
function patchPositions(list: Position[], position: Position): Position[] {
  if (!list.some((item) => item.id === position.id)) return list;
  return position.status === 'open'
    ? list.map((item) => (item.id === position.id ? position : item))
    : list.filter((item) => item.id !== position.id);
}

function isPositionList(data: unknown): data is Position[] {
  return Array.isArray(data);
}

/** Applies one private event to the query cache; `refreshTotals` asks for a throttled refetch of the totals. */
export function applyPrivateEvent(queryClient: QueryClient, event: PrivateEvent, refreshTotals: () => void): void {
  switch (event.type) {
    case 'position': {
      const { position } = event;
      const lists = queryClient.getQueriesData<unknown>({ queryKey: positionsQueryKey });
      const known = lists.some(([, data]) => isPositionList(data) && data.some((item) => item.id === position.id));
      if (known) {
        queryClient.setQueriesData<unknown>({ queryKey: positionsQueryKey }, (data: unknown) =>
          isPositionList(data) ? patchPositions(data, position) : data,
        );
      } else if (position.status === 'open') {
        // A new position: which lists it belongs to (by source, by instrument) is the server's to say.
        void queryClient.invalidateQueries({ queryKey: positionsQueryKey });
      }
      if (position.status !== 'open') void queryClient.invalidateQueries({ queryKey: tradeHistoryQueryKey });
      refreshTotals();
      return;
    }
    case 'order':
      void queryClient.invalidateQueries({ queryKey: restingOrdersQueryKey });
      void queryClient.invalidateQueries({ queryKey: tradeHistoryQueryKey });
      refreshTotals();
      return;
    case 'balance': {
      const { wallet } = event;
      queryClient.setQueryData([...walletBalanceQueryKey, wallet.walletType, wallet.currency], wallet);
      void queryClient.invalidateQueries({ queryKey: walletBillQueryKey });
      refreshTotals();
      return;
    }
    case 'alert':
      void queryClient.invalidateQueries({ queryKey: alertsQueryKey });
      return;
    case 'message':
      // A review's verdict (deposit, withdrawal, identity, permission) or a liquidation can change
      // almost anything on screen, and comes rarely: everything shown is fetched again.
      void queryClient.invalidateQueries();
      return;
    case 'authenticated':
      // Back after a drop: whatever happened meanwhile was not pushed.
      if (event.reconnected) {
        void queryClient.invalidateQueries({ queryKey: positionsQueryKey });
        void queryClient.invalidateQueries({ queryKey: restingOrdersQueryKey });
        void queryClient.invalidateQueries({ queryKey: tradeHistoryQueryKey });
        void queryClient.invalidateQueries({ queryKey: fundsQueryKey });
      }
      return;
    case 'closed':
    case 'sessionEnded':
    case 'chat':
    case 'chatClosed':
    case 'agentChat':
      // The chat page and the agent console listen for these themselves.
      return;
  }
}

/**
 * Joins the signed-in user's private channel on the app's one websocket and keeps the query cache in
 * step with it: positions are patched in place (their profit moves live), orders and balances
 * refresh what they change. Mounted once, by the app layout.
 */
export function usePrivateChannel(): void {
  const queryClient = useQueryClient();
  const { token } = useSession();
  const { t } = useTranslation();
  // A visitor's socket is opened by what shows live quotes; the private channel needs it only once signed in.
  const stream = useQuoteStream(token !== null);

  useEffect(() => {
    stream?.setAuthToken(token);
  }, [stream, token]);

  useEffect(() => {
    if (!stream || !token) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refreshTotals = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        void queryClient.invalidateQueries({ queryKey: fundingOverviewQueryKey });
        void queryClient.invalidateQueries({ queryKey: walletOverviewQueryKey });
      }, TOTALS_REFRESH_MS);
    };
    const release = stream.subscribePrivate((event) => {
      // Signed out by the server (elsewhere, a password change, a revoked device, expiry): the app
      // says so and goes to sign-in, as a refused request would.
      if (event.type === 'sessionEnded') expireSession(ApiCode.Unauthorized, null);
      if (event.type === 'message') void localizedMessageTitle(event.message).then(showToast);
      if (event.type === 'alert') {
        // The inbox message follows with the details; this says it at once, and outside the tab when allowed.
        const text = t('account.alertFired', { name: event.alert.name, price: String(event.alert.triggeredPrice ?? event.alert.targetPrice) });
        showToast(text);
        notifyAlert(event.alert, text, event.alert.stockCode);
      }
      applyPrivateEvent(queryClient, event, refreshTotals);
    });
    return () => {
      clearTimeout(timer);
      release();
    };
  }, [queryClient, stream, token, t]);
}

/** The private channel as a component, for the app layout to mount once its code is loaded. */
export function PrivateChannelListener(): null {
  usePrivateChannel();
  return null;
}
