import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/config.js';
import type { Database } from '../../db/client.js';
import { type Clock, toSeconds } from '../../lib/clock.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { newInviteCode, newSessionToken } from '../../lib/tokens.js';
import { adminExists, findUserByEmail, insertUser, updateUser } from '../users/index.js';
import { listOutbox } from '../email/index.js';
import type { OutboxMessage } from '@tradewind/contract';

interface AdminDeps {
  db: Database;
  config: Config;
  clock: Clock;
  log: FastifyBaseLogger;
}

const GENERATED_ADMIN_EMAIL = 'admin@tradewind.local';

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD create or refresh that admin at every start.
 * Without them, the first start creates one admin and prints its password once; later starts print nothing.
 */
export async function ensureAdmin(deps: AdminDeps, print: (credentials: { email: string; password: string }) => void): Promise<void> {
  const { db, config, clock } = deps;
  const now = clock.now();
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const email = config.ADMIN_EMAIL.toLowerCase();
    const existing = await findUserByEmail(db, email);
    if (!existing) {
      await insertUser(db, {
        email,
        passwordHash: await hashPassword(config.ADMIN_PASSWORD),
        role: 'admin',
        inviteCode: newInviteCode(),
        createdAt: now,
        updatedAt: now,
      });
      deps.log.info({ email }, 'admin account created from ADMIN_EMAIL');
    } else if (existing.role !== 'admin' || !(await verifyPassword(existing.passwordHash, config.ADMIN_PASSWORD))) {
      await updateUser(db, existing.id, {
        role: 'admin',
        passwordHash: await hashPassword(config.ADMIN_PASSWORD),
        failedLoginCount: 0,
        lockedUntil: null,
        updatedAt: now,
      });
      deps.log.info({ email }, 'admin account refreshed from ADMIN_EMAIL');
    }
    return;
  }

  if (await adminExists(db)) return;
  const password = newSessionToken().slice(0, 16);
  await insertUser(db, {
    email: GENERATED_ADMIN_EMAIL,
    passwordHash: await hashPassword(password),
    role: 'admin',
    inviteCode: newInviteCode(),
    createdAt: now,
    updatedAt: now,
  });
  print({ email: GENERATED_ADMIN_EMAIL, password });
}

export async function getOutbox(db: Database, filter: { to?: string | undefined; limit: number }): Promise<OutboxMessage[]> {
  const rows = await listOutbox(db, filter);
  return rows.map((row) => ({
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    // A mail still waiting for SMTP holds its code for the sender; the back office never shows it.
    body: row.transport === 'smtp' && row.code ? row.body.replaceAll(row.code, '······') : row.body,
    code: row.transport === 'smtp' ? null : row.code,
    createTimeTimestamp: toSeconds(row.createdAt),
  }));
}
