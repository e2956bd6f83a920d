import { statementQuery, statementSchema, statementVerifyBody, statementVerifySchema } from '@tradewind/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { ok, okResponse } from '../../lib/envelope.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import { findUserById } from '../users/index.js';
import { statementCsv } from './statement-files.js';
import { buildStatement, verifyStatement, type StatementDeps } from './statement.service.js';

const tags = ['Statement'];
const userRoute = { auth: 'user' } as const;

/**
 * The provable statement (docs/statements-and-2fa.md): JSON with its digest, the same as CSV and PDF
 * downloads with headers in the caller's language, and a check of a digest against the ledger.
 */
export function statementRoutes(app: FastifyInstance) {
  const deps: StatementDeps = { db: app.database.db, clock: app.clock };
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/userCenter/statement', {
    config: userRoute,
    schema: {
      tags,
      summary: 'The caller’s statement for whole UTC days from–to: per wallet and currency the opening balance, every posting (journal entry, time, amount, reason, counter-accounts) and the closing balance, with a SHA-256 digest of it all',
      querystring: statementQuery,
      response: okResponse(statementSchema),
    },
  }, async (request) => ok(await buildStatement(deps, requireAuth(request).user.id, request.query)));

  for (const format of ['csv', 'pdf'] as const) {
    r.get(`/userCenter/statement.${format}`, {
      config: userRoute,
      schema: {
        tags,
        summary:
          format === 'csv'
            ? 'The same statement as a CSV download (UTF-8 with BOM, headers in the caller’s language); the answer is text/csv, not an envelope'
            : 'The same statement as a PDF download (headers in the caller’s language where the PDF’s Latin font can draw it, else English); the answer is application/pdf, not an envelope',
        querystring: statementQuery,
      },
    }, async (request, reply) => {
      const userId = requireAuth(request).user.id;
      const user = await findUserById(app.database.db, userId);
      if (!user) throw AppError.unauthorized();
      const statement = await buildStatement(deps, userId, request.query);
      const name = `tradewind-statement-${statement.from}-${statement.to}.${format}`;
      const bytes =
        format === 'csv'
          ? Buffer.from(statementCsv(statement, request.locale, user.email), 'utf8')
          : Buffer.from(await (await import('./statement-pdf.js')).statementPdf(statement, request.locale, user.email));
      return reply
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('x-statement-digest', statement.digest)
        .send(bytes);
    });
  }

  r.post('/userCenter/statement/verify', {
    config: userRoute,
    schema: {
      tags,
      summary: 'Whether a digest is the digest of the caller’s ledger for that period as it stands now (a statement that was altered, or is not theirs, does not match)',
      body: statementVerifyBody,
      response: okResponse(statementVerifySchema),
    },
  }, async (request) => ok(await verifyStatement(deps, requireAuth(request).user.id, request.body)));
}
