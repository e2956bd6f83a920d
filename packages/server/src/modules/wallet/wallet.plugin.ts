import type { WalletType } from '@tradewind/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { periodicTask } from '../../cluster/periodic-task.js';
import { settleDueTransfers, walletBalance, type WalletDeps } from './wallet.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    wallet: WalletDeps;
  }
}

/** Tells the owner's open apps (private `/ws` channel) a wallet's new balance; never fails the caller. */
export function pushWalletBalance(app: FastifyInstance, userId: number, walletType: WalletType = 'BALANCE'): void {
  if (!app.userChannels.isListening(userId)) return;
  walletBalance(app.wallet, userId, walletType)
    .then((wallet) => app.userChannels.send(userId, { type: 'balance', wallet }))
    .catch((error: unknown) => app.log.warn({ err: error }, 'wallet: balance push failed'));
}

/** The wallets' deps (`app.wallet`), and the leader's settlement of pending transfers once they are due. */
export const walletPlugin = fp(
  (app: FastifyInstance) => {
    const deps: WalletDeps = { db: app.database.db, clock: app.clock, market: app.market.deps, settleSeconds: app.config.TRANSFER_SETTLE_SECONDS };
    app.decorate('wallet', deps);

    const settle = () =>
      settleDueTransfers(deps, (settled) => {
        pushWalletBalance(app, settled.userId, settled.fromWallet as WalletType);
        pushWalletBalance(app, settled.userId, settled.toWallet as WalletType);
      });
    app.leadership.register('transfer settlement', periodicTask(1000, settle, (error) => app.log.error({ err: error }, 'wallet: settling transfers failed')));
  },
  { name: 'wallet', dependencies: ['database', 'bus', 'leadership', 'market', 'user-channels'] },
);
