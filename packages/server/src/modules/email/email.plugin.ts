import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { countOutboxByStatus } from './email.repository.js';
import { createMailer, MailSender, type Mailer } from './email.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** The mailer every module queues through, (with SMTP_URL) the leader's outbox sender, and the outbox gauge on /metrics. */
export const emailPlugin = fp(
  (app: FastifyInstance) => {
    const config = app.config;
    const sender = config.SMTP_URL
      ? new MailSender({
          db: app.database.db,
          clock: app.clock,
          log: app.log,
          smtpUrl: config.SMTP_URL,
          from: config.MAIL_FROM,
          maxAttempts: config.MAIL_MAX_ATTEMPTS,
          retrySeconds: config.MAIL_RETRY_SECONDS,
        })
      : undefined;
    if (sender) app.leadership.register('mail sender', sender);
    app.decorate(
      'mailer',
      createMailer({
        db: app.database.db,
        clock: app.clock,
        log: app.log,
        smtpUrl: config.SMTP_URL,
        // Another process's leader picks the mail up at its next poll (a second at most).
        onQueued: () => {
          if (app.leadership.isLeader) sender?.kick();
        },
      }),
    );
    app.metrics.registerGauge({
      name: 'tradewind_mail_outbox',
      help: 'Mails in the outbox by status: pending (waiting for SMTP or a retry), sent, failed (gave up), logged (no SMTP_URL)',
      labelNames: ['status'] as const,
      async collect() {
        const counts = await countOutboxByStatus(app.database.db);
        for (const status of ['pending', 'sent', 'failed', 'logged']) this.set({ status }, counts[status] ?? 0);
      },
    });
  },
  { name: 'email', dependencies: ['database', 'leadership', 'metrics'] },
);
