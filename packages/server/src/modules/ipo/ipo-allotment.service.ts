import { IpoSubscriptionStatus, fromMinor } from '@tradewind/contract';
import { shownMoney } from '../../i18n/shown-values.js';
import { deliverMessage } from '../inbox/index.js';
import { SystemAccount, inTransaction, post, releaseHold, systemAccount, walletAccount as walletAccountOf } from '../ledger/index.js';
import { openDeliveredPosition } from '../trading/index.js';
import { drawAllotment } from './ipo-lottery.js';
import { CURRENCY, WALLET, lotMinor, lotsOffered, stockOf, type IpoDeps } from './ipo-views.js';
import * as repo from './ipo.repository.js';

const usd = (minor: number) => shownMoney(minor, CURRENCY);

/**
 * The allotment of one offering, once its purchase has ended. Under the offering's row lock and only
 * while it is not yet allotted, so running it again (the timer, another process, an admin) does
 * nothing more. Answers whether this call did it.
 */
export async function allot(deps: IpoDeps, offeringId: number): Promise<boolean> {
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx, afterCommit) => {
    const offering = await repo.lockOffering(tx, offeringId);
    if (!offering || offering.allottedAt || offering.purchaseEndAt > now) return false;
    const subscriptions = await repo.offeringSubscriptions(tx, offering.id);
    const result = drawAllotment(offering.seed, lotsOffered(offering), subscriptions.map((s) => ({ subscriptionId: s.id, lots: s.lots })));
    const lines = new Map(result.lines.map((line) => [line.subscriptionId, line]));
    await repo.insertAllotments(
      tx,
      subscriptions.map((s) => {
        const line = lines.get(s.id)!;
        return { offeringId: offering.id, subscriptionId: s.id, userId: s.userId, requestedLots: line.requestedLots, allottedLots: line.allottedLots, ticketFrom: line.ticketFrom, ticketTo: line.ticketTo, firstDraw: line.firstDraw };
      }),
    );
    const escrow = await systemAccount(tx, SystemAccount.IpoEscrow, CURRENCY, now);
    for (const s of subscriptions) {
      const allotted = lines.get(s.id)!.allottedLots;
      const paid = allotted * lotMinor(offering);
      // The hold ends first so the capture below is measured against the freed balance.
      if (!(await releaseHold(tx, s.holdId, allotted > 0 ? 'posted' : 'voided', now))) throw new Error(`hold ${s.holdId} of IPO subscription ${s.id} was not pending`);
      if (paid > 0) {
        const wallet = await walletAccountOf(tx, s.userId, WALLET, CURRENCY, now);
        await post(
          tx,
          {
            kind: 'ipo_allotment',
            userId: s.userId,
            referenceType: 'ipo_subscription',
            referenceId: s.id,
            memo: { key: 'memo.ipoAllotted', params: { code: offering.stockCode, shares: allotted * offering.lotSize } },
            lines: [
              { accountId: wallet, currency: CURRENCY, amount: -paid },
              { accountId: escrow, currency: CURRENCY, amount: paid },
            ],
          },
          now,
        );
      }
      await repo.updateSubscription(tx, s.id, {
        status: allotted > 0 ? IpoSubscriptionStatus.Allotted : IpoSubscriptionStatus.NotAllotted,
        allottedLots: allotted,
        paidMinor: paid,
        allottedAt: now,
      });
      const refund = s.amountMinor - paid;
      await deliverMessage(tx, afterCommit, deps.notify, {
        userId: s.userId,
        notice:
          allotted > 0
            ? {
                title: 'notice.ipoAllottedTitle',
                body: refund > 0 ? 'notice.ipoAllottedRefundBody' : 'notice.ipoAllottedBody',
                params: { name: offering.name, allotted: allotted * offering.lotSize, applied: s.lots * offering.lotSize, code: offering.stockCode, price: usd(offering.priceMinor), paid: usd(paid), refund: usd(refund) },
              }
            : {
                title: 'notice.ipoNotAllottedTitle',
                body: 'notice.ipoNotAllottedBody',
                params: { name: offering.name, applied: s.lots * offering.lotSize, code: offering.stockCode, refund: usd(s.amountMinor) },
              },
        createdAt: now,
      });
      afterCommit(() => deps.balanceChanged(s.userId, WALLET));
    }
    await repo.updateOffering(tx, offering.id, {
      demandLots: result.demandLots,
      allottedLots: result.allottedLots,
      drawDigest: result.drawDigest,
      allottedAt: now,
      updatedAt: now,
    });
    afterCommit(() => deps.log.info({ offeringId: offering.id, demandLots: result.demandLots, allottedLots: result.allottedLots, drawn: result.drawn }, 'ipo: allotted'));
    return true;
  });
}

/** At the listing date the allotted shares become positions, once (same locking as the allotment). */
export async function list(deps: IpoDeps, offeringId: number): Promise<boolean> {
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx, afterCommit) => {
    const offering = await repo.lockOffering(tx, offeringId);
    if (!offering || !offering.allottedAt || offering.listedAt || offering.listAt > now) return false;
    const instrument = stockOf(deps, offering.stockCode);
    if (!instrument) throw new Error(`IPO ${offering.id}: ${offering.stockCode} is not in the instrument master`);
    const escrow = await systemAccount(tx, SystemAccount.IpoEscrow, CURRENCY, now);
    for (const s of await repo.offeringSubscriptions(tx, offering.id)) {
      if (s.status !== IpoSubscriptionStatus.Allotted || s.listedAt) continue;
      const shares = s.allottedLots * offering.lotSize;
      const position = await openDeliveredPosition(
        tx,
        {
          userId: s.userId,
          instrument,
          quantity: shares,
          price: fromMinor(offering.priceMinor),
          costMinor: s.paidMinor,
          fundedFrom: escrow,
          kind: 'ipo_listing',
          memo: { key: 'memo.ipoListed', params: { code: offering.stockCode, shares } },
          referenceType: 'ipo_subscription',
          referenceId: s.id,
        },
        now,
      );
      await repo.updateSubscription(tx, s.id, { positionId: position.id, listedAt: now });
      await deliverMessage(tx, afterCommit, deps.notify, {
        userId: s.userId,
        notice: { title: 'notice.ipoListedTitle', body: 'notice.ipoListedBody', params: { name: offering.name, code: offering.stockCode, shares, price: usd(offering.priceMinor) } },
        createdAt: now,
      });
      afterCommit(() => deps.positionOpened(position));
    }
    await repo.updateOffering(tx, offering.id, { listedAt: now, updatedAt: now });
    return true;
  });
}

/** What the timer runs: every allotment and listing that is due. Each is idempotent on its own. */
export async function runDue(deps: IpoDeps): Promise<{ allotted: number; listed: number }> {
  const now = deps.clock.now();
  let allotted = 0;
  let listed = 0;
  for (const id of await repo.dueForAllotment(deps.db, now)) if (await allot(deps, id)) allotted++;
  for (const id of await repo.dueForListing(deps.db, now)) if (await list(deps, id)) listed++;
  return { allotted, listed };
}
