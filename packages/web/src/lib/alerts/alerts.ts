import type { PriceAlert } from '@tradewind/contract';

/** The caller's price alerts (features/alerts); the private channel refetches them when one fires. */
export const alertsQueryKey = ['alerts'] as const;

/**
 * A fired alert as a browser notification, when the user allowed them (the alerts page asks when
 * the first alert is set). Where notifications are unavailable or refused, the toast and the inbox
 * still tell the user.
 */
export function notifyAlert(alert: PriceAlert, title: string, body: string): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    new Notification(title, { body, tag: `alert-${alert.id}` });
  } catch {
    // Some mobile browsers allow notifications only from a service worker: the toast has said it.
  }
}
