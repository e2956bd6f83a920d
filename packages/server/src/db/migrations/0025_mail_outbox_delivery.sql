-- Mail goes through the outbox (issue 24): a request writes the mail here and answers at once; the leader
-- sends pending rows over SMTP, retrying with backoff while the server is down, so asking for a code never
-- fails because SMTP does. Rows written before this migration were already delivered (or logged).
ALTER TABLE email_outbox
  ADD COLUMN html TEXT,
  ADD COLUMN locale TEXT,
  ADD COLUMN status TEXT NOT NULL DEFAULT 'sent' CHECK (status IN ('pending', 'sent', 'failed', 'logged')),
  ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN next_attempt_at TIMESTAMPTZ,
  ADD COLUMN last_error TEXT,
  ADD COLUMN sent_at TIMESTAMPTZ;
UPDATE email_outbox SET status = 'logged' WHERE transport = 'outbox';
CREATE INDEX email_outbox_due ON email_outbox (next_attempt_at, id) WHERE status = 'pending';
