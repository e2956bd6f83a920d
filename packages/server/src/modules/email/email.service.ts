import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { insertOutboxMessage } from './email.repository.js';

export interface MailMessage {
  to: string;
  subject: string;
  body: string;
  /** The one-time code the mail carries, kept in the outbox only when no SMTP server is configured. */
  code?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

interface MailerOptions {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  smtpUrl?: string | undefined;
  from: string;
}

/**
 * With SMTP_URL the mail goes out over SMTP and the outbox keeps a record without the code.
 * Without it the outbox (shown to admins) and the log are the delivery, so a local user can register.
 */
export function createMailer(options: MailerOptions): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
    async send(message) {
      if (transport) {
        await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.body });
        await insertOutboxMessage(options.db, {
          toAddress: message.to,
          subject: message.subject,
          body: message.code ? message.body.replaceAll(message.code, '······') : message.body,
          code: null,
          transport: 'smtp',
          createdAt: options.clock.now(),
        });
        options.log.info({ to: message.to, subject: message.subject }, 'mail sent over SMTP');
        return;
      }
      await insertOutboxMessage(options.db, {
        toAddress: message.to,
        subject: message.subject,
        body: message.body,
        code: message.code ?? null,
        transport: 'outbox',
        createdAt: options.clock.now(),
      });
      // The code is in the outbox (admins read it there); logs keep no codes (issue 19).
      options.log.info({ to: message.to, subject: message.subject }, 'mail written to the outbox (no SMTP_URL)');
    },
  };
}
