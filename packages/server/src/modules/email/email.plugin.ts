import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, MailSender, type Mailer } from './email.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** The mailer every module queues through, and (with SMTP_URL) the leader's outbox sender. */
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
  },
  { name: 'email', dependencies: ['database', 'leadership'] },
);
