import { adminCorrectionBody, adminCorrectionSchema, adminCreditBody, adminCreditParams, ledgerAuditSchema, outboxMessageSchema, outboxQuery, walletBalanceSchema, walletCurrencies } from '@tradewind/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okResponse } from '../../lib/envelope.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import { AppError } from '../../lib/app-error.js';
import { creditDeposit, inTransaction, ledgerAuditReport, postCorrection } from '../ledger/index.js';
import { pushWalletBalance, walletBalance } from '../wallet/index.js';
import { audit } from '../audit/index.js';
import { findUserById } from '../users/index.js';
import { getOutbox } from './admin.service.js';

export function adminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/admin/outbox', {
    config: { auth: 'admin' },
    schema: {
      tags: ['Back office'],
      summary: 'E-mails sent, newest first (with their codes when no SMTP server is configured)',
      querystring: outboxQuery,
      response: okResponse(z.array(outboxMessageSchema)),
    },
  }, async (request) => {
    const { user } = requireAuth(request);
    const messages = await getOutbox(app.database.db, request.query);
    await audit(app.database.db, { actorUserId: user.id, action: 'outbox.view', subject: request.query.to ?? '', ip: request.ip }, app.clock.now());
    return ok(messages);
  });

  r.get('/admin/ledger/audit', {
    config: { auth: 'admin' },
    schema: {
      tags: ['Back office'],
      summary: "Check the whole ledger against its invariants (balanced entries, balances equal to their postings, no negative user account, frozen equal to pending holds, every currency summing to 0); audited",
      response: okResponse(ledgerAuditSchema),
    },
  }, async (request) => {
    const { user } = requireAuth(request);
    const now = app.clock.now();
    const report = await ledgerAuditReport(app.database.db, now);
    await audit(app.database.db, { actorUserId: user.id, action: 'ledger.audit', subject: report.sound ? 'sound' : 'violations found', ip: request.ip }, now);
    return ok(report);
  });

  r.post('/admin/users/:id/credit', {
    config: { auth: 'admin' },
    schema: {
      tags: ['Back office'],
      summary: "Credit a user's wallet by hand (a deposit received outside the app); audited",
      params: adminCreditParams,
      body: adminCreditBody,
      response: okResponse(walletBalanceSchema),
    },
  }, async (request) => {
    const { user: admin } = requireAuth(request);
    const { id } = request.params;
    const { walletType, amount, reason } = request.body;
    const currency = request.body.currency ?? walletCurrencies[walletType][0] ?? 'USD';
    if (!walletCurrencies[walletType].includes(currency)) throw AppError.badRequest('wallet.currencyUnavailable', { wallet: walletType, currency });
    if (!(await findUserById(app.database.db, id))) throw AppError.notFound();
    const now = app.clock.now();
    await inTransaction(app.database.db, async (tx) => {
      await creditDeposit(tx, { userId: id, walletType, currency, amount, referenceType: 'admin-credit', referenceId: admin.id, memo: reason }, now);
      await audit(tx, { actorUserId: admin.id, action: 'wallet.credit', subject: `user:${id} ${walletType} ${currency} ${amount} — ${reason}`, ip: request.ip }, now);
    });
    pushWalletBalance(app, id, walletType);
    return ok(await walletBalance(app.wallet, id, walletType, currency));
  });

  r.post('/admin/users/:id/correction', {
    config: { auth: 'admin' },
    schema: {
      tags: ['Back office'],
      summary: "Correct a user's wallet: a new ledger entry (kind correction) carrying the reason, shown on the user's statement; postings already made are never edited. Audited",
      params: adminCreditParams,
      body: adminCorrectionBody,
      response: okResponse(adminCorrectionSchema),
    },
  }, async (request) => {
    const { user: admin } = requireAuth(request);
    const { id } = request.params;
    const { walletType, amount, direction, reason } = request.body;
    const currency = request.body.currency ?? walletCurrencies[walletType][0] ?? 'USD';
    if (!walletCurrencies[walletType].includes(currency)) throw AppError.badRequest('wallet.currencyUnavailable', { wallet: walletType, currency });
    if (!(await findUserById(app.database.db, id))) throw AppError.notFound();
    const now = app.clock.now();
    const entryId = await inTransaction(app.database.db, async (tx) => {
      const entry = await postCorrection(tx, { userId: id, walletType, currency, amount, direction, reason, adminId: admin.id }, now);
      await audit(tx, {
        actorUserId: admin.id,
        action: `wallet.correction.${direction}`,
        subject: `user:${id}`,
        detail: { entryId: entry, walletType, currency, amount, direction, reason },
        ip: request.ip,
      }, now);
      return entry;
    });
    pushWalletBalance(app, id, walletType);
    return ok({ entryId });
  });
}
