import { adminUserSchema, adminUsersQuery, auditEntrySchema, emptyBody, pageSchema, reviewParams, reviewQueueQuery } from '@tradewind/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { ok, okResponse } from '../../lib/envelope.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import { listLiveSessions, revokeUserSessions } from '../sessions/index.js';
import { findUserById, lockUser } from '../users/index.js';
import { myPositions } from '../trading/index.js';
import { walletBill, walletOverview } from '../wallet/index.js';
import * as repo from './admin-users.repository.js';
import { audit } from '../audit/index.js';
import { toSeconds } from '../../lib/clock.js';
import { pageOf } from '../../db/paging.js';

const tags = ['Back office'];
const adminRoute = { auth: 'admin' } as const;

const toAdminUser = (u: UserRow) => ({
  id: u.id,
  email: u.email,
  name: u.name,
  role: u.role,
  kycStatus: u.kycStatus,
  tradePermission: u.tradePermission,
  blockTradePermission: u.blockTradePermission,
  blocked: u.blockedAt !== null,
  createTimeTimestamp: toSeconds(u.createdAt),
});

/** Users, one user's money and sessions, blocking, and the audit log (read-only). */
export function adminUsersRoutes(app: FastifyInstance) {
  const db = app.database.db;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/admin/users', {
    config: adminRoute,
    schema: { tags, summary: 'Users, newest first, searchable by e-mail or name', querystring: adminUsersQuery, response: okResponse(pageSchema(adminUserSchema)) },
  }, async (request) => {
    const { keyword, pageNum, pageSize } = request.query;
    const { rows, total } = await repo.userPage(db, keyword, pageOf({ pageNum, pageSize }));
    return ok({ list: rows.map(toAdminUser), total, pageNum, pageSize });
  });

  r.get('/admin/users/:id', {
    config: adminRoute,
    schema: { tags, summary: 'One user: wallets, latest postings, open positions, active sessions', params: reviewParams },
  }, async (request) => {
    const user = await findUserById(db, request.params.id);
    if (!user) throw AppError.notFound();
    const active = await listLiveSessions(db, user.id, app.clock.now());
    return ok({
      user: toAdminUser(user),
      wallets: await walletOverview(app.wallet, user.id),
      postings: await walletBill(app.wallet, user.id, { timeZone: 'UTC', pageNum: 1, pageSize: 50 }, request.locale),
      positions: await myPositions(app.trading, user.id),
      sessions: active.map((s) => ({ id: s.id, ip: s.ip, userAgent: s.userAgent, createTimeTimestamp: toSeconds(s.createdAt), expireTimeTimestamp: toSeconds(s.expiresAt) })),
    });
  });

  for (const action of ['block', 'unblock'] as const) {
    r.post(`/admin/users/:id/${action}`, {
      config: adminRoute,
      schema: { tags, summary: action === 'block' ? 'Block login and sign the user out everywhere' : 'Allow login again', params: reviewParams, body: emptyBody, response: okResponse(adminUserSchema) },
    }, async (request) => {
      const admin = requireAuth(request).user;
      const now = app.clock.now();
      let ended: number[] = [];
      const updated = await db.transaction(async (tx) => {
        const user = await lockUser(tx, request.params.id);
        if (!user) throw AppError.notFound();
        if (user.role === 'admin' && action === 'block') throw AppError.forbidden();
        const row = await repo.setBlocked(tx, user.id, action === 'block' ? now : null, now);
        if (action === 'block') ended = await revokeUserSessions(tx, user.id, now);
        await audit(tx, { actorUserId: admin.id, action: `user.${action}`, subject: `user:${user.id}`, detail: { before: { blocked: user.blockedAt !== null }, after: { blocked: action === 'block' } }, ip: request.ip }, now);
        return row;
      });
      app.userChannels.endSessions(ended, 'blocked');
      app.bus.publish('usersChanged', { userIds: [updated.id] });
      return ok(toAdminUser(updated));
    });
  }

  r.get('/admin/audit', {
    config: adminRoute,
    schema: { tags, summary: 'The audit log of admin actions (nobody can edit it)', querystring: reviewQueueQuery.omit({ status: true }), response: okResponse(pageSchema(auditEntrySchema)) },
  }, async (request) => {
    const { pageNum, pageSize } = request.query;
    const { rows, total } = await repo.auditPage(db, pageOf({ pageNum, pageSize }));
    return ok({
      list: rows.map((row) => ({ id: row.id, actorUserId: row.actorUserId, action: row.action, subject: row.subject, detail: row.detail as Record<string, unknown>, ip: row.ip, createTimeTimestamp: toSeconds(row.createdAt) })),
      total,
      pageNum,
      pageSize,
    });
  });
}
