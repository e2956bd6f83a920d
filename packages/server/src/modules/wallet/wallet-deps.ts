import type { WalletType } from '@tradewind/contract';
import type { FastifyInstance } from 'fastify';
import { walletBalance, type WalletDeps } from './wallet.service.js';

export function walletDepsOf(app: FastifyInstance): WalletDeps {
  return { db: app.database.db, clock: app.clock, market: app.market.deps, settleSeconds: app.config.TRANSFER_SETTLE_SECONDS };
}

/** Tells the owner's open apps (private `/ws` channel) a wallet's new balance; never fails the caller. */
export function pushWalletBalance(app: FastifyInstance, userId: number, walletType: WalletType = 'BALANCE'): void {
  if (!app.userChannels.isListening(userId)) return;
  walletBalance(walletDepsOf(app), userId, walletType)
    .then((wallet) => app.userChannels.send(userId, { type: 'balance', wallet }))
    .catch((error: unknown) => app.log.warn({ err: error }, 'wallet: balance push failed'));
}
