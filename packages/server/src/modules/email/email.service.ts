import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Database } from '../../db/client.js';
import type { Singleton } from '../../cluster/leadership.js';
import type { Clock } from '../../lib/clock.js';
import { mailHtml } from './email-templates.js';
import { claimDueMail, insertOutboxMessage, markMailAttemptFailed, markMailSent, type OutboxRow } from './email.repository.js';

export interface MailMessage {
  to: string;
  subject: string;
  body: string;
  /** The reader's language (the HTML part's `lang`); the subject and body are already in it. */
  locale?: string;
  /** The one-time code the mail carries: kept until sent, then blanked from the stored copy. */
  code?: string;
}

export interface Mailer {
  /** Writes the mail to the outbox; never waits for, nor fails because of, the SMTP server. */
  send(message: MailMessage): Promise<void>;
}

interface MailerOptions {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  smtpUrl?: string | undefined;
  /** Called after a mail is queued, so a leader in this process sends it at once instead of at its next poll. */
  onQueued?: () => void;
}

/**
 * With SMTP_URL a mail is queued (status `pending`) for the leader's sender. Without it the outbox (shown
 * to admins) and the log are the delivery (status `logged`), so a local user can register.
 */
export function createMailer(options: MailerOptions): Mailer {
  return {
    async send(message) {
      const locale = message.locale ?? 'en';
      const base = {
        toAddress: message.to,
        subject: message.subject,
        body: message.body,
        html: mailHtml(locale, message.subject, message.body, message.code),
        locale,
        code: message.code ?? null,
        createdAt: options.clock.now(),
      };
      if (options.smtpUrl) {
        await insertOutboxMessage(options.db, { ...base, transport: 'smtp', status: 'pending', nextAttemptAt: options.clock.now() });
        options.log.info({ to: message.to, subject: message.subject }, 'mail queued for SMTP');
        options.onQueued?.();
        return;
      }
      await insertOutboxMessage(options.db, { ...base, transport: 'outbox', status: 'logged' });
      // The code is in the outbox (admins read it there); logs keep no codes (issue 19).
      options.log.info({ to: message.to, subject: message.subject }, 'mail written to the outbox (no SMTP_URL)');
    },
  };
}

export interface MailSenderOptions {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  smtpUrl: string;
  from: string;
  maxAttempts: number;
  retrySeconds: number;
  pollMs?: number;
}

/** The wait before attempt n+1 after n failures: retrySeconds doubling per failure, at most an hour, ±20 % jitter. */
export function retryDelayMs(failures: number, retrySeconds: number, random = Math.random): number {
  const base = Math.min(retrySeconds * 2 ** Math.max(0, failures - 1), 3600) * 1000;
  return Math.round(base * (0.8 + 0.4 * random()));
}

const BATCH = 20;
/** How long a claimed mail is not offered again: longer than the transport's own timeouts below. */
const LEASE_MS = 120_000;

/** The leader's sender: polls the outbox and sends due mails, one at a time, in the order they were queued. */
export class MailSender implements Singleton {
  private transport: Promise<Transporter> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(private readonly options: MailSenderOptions) {}

  /**
   * nodemailer is loaded with the first mail to send, not at start: it is ~2 MB of heap that a server which has
   * not sent anything yet does not need (issue 24). A failed load is not kept, so the next mail tries again.
   */
  private transporter(): Promise<Transporter> {
    this.transport ??= import('nodemailer').then(
      ({ default: nodemailer }) => nodemailer.createTransport({ url: this.options.smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 } as never),
      (error: unknown) => {
        this.transport = undefined;
        throw error;
      },
    );
    return this.transport;
  }

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.options.pollMs ?? 1000);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** Sends what is due now (or right after the pass in progress). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.options.log.error({ err: error }, 'mail: reading the outbox failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async drain(): Promise<void> {
    const { db, clock } = this.options;
    for (;;) {
      if (this.stopped) return;
      const rows = await claimDueMail(db, clock.now(), LEASE_MS, BATCH);
      for (const row of rows) await this.deliver(row);
      if (rows.length < BATCH) return;
    }
  }

  private async deliver(row: OutboxRow): Promise<void> {
    const { db, clock, log, from, maxAttempts, retrySeconds } = this.options;
    try {
      await (await this.transporter()).sendMail({ from, to: row.toAddress, subject: row.subject, text: row.body, ...(row.html && { html: row.html }) });
      await markMailSent(db, row, clock.now());
      log.info({ outboxId: row.id, to: row.toAddress, attempts: row.attempts + 1 }, 'mail sent over SMTP');
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const failures = row.attempts + 1;
      const next = failures >= maxAttempts ? null : new Date(clock.now().getTime() + retryDelayMs(failures, retrySeconds));
      await markMailAttemptFailed(db, row, message, next);
      if (next) log.warn({ outboxId: row.id, to: row.toAddress, attempts: failures, retryAt: next.toISOString(), err: message }, 'mail: SMTP attempt failed; will retry');
      else log.error({ outboxId: row.id, to: row.toAddress, attempts: failures, err: message }, 'mail: giving up after the last attempt');
    }
  }
}
