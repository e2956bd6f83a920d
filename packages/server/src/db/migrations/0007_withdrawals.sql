-- Payment methods (bank cards, digital-currency wallets) and withdrawals reviewed by staff.

CREATE TABLE payment_methods (
  id              BIGSERIAL   PRIMARY KEY,
  user_id         BIGINT      NOT NULL REFERENCES users(id),
  kind            TEXT        NOT NULL CHECK (kind IN ('bank', 'crypto')),
  bank_name       TEXT,
  account_name    TEXT,
  card_number     TEXT,
  currency_type   TEXT,
  network         TEXT,
  address         TEXT,
  created_at      TIMESTAMPTZ NOT NULL,
  deleted_at      TIMESTAMPTZ,
  CHECK ((kind = 'bank') = (card_number IS NOT NULL AND address IS NULL))
);
CREATE INDEX payment_methods_user_idx ON payment_methods (user_id) WHERE deleted_at IS NULL;

CREATE TABLE withdrawals (
  id              BIGSERIAL   PRIMARY KEY,
  user_id         BIGINT      NOT NULL REFERENCES users(id),
  currency        TEXT        NOT NULL,
  amount          BIGINT      NOT NULL CHECK (amount > 0),
  destination     JSONB       NOT NULL,
  status          SMALLINT    NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3)),
  reason          TEXT,
  hold_id         BIGINT      NOT NULL REFERENCES holds(id),
  reviewed_by     BIGINT      REFERENCES users(id),
  reviewed_at     TIMESTAMPTZ,
  created_at      TIMESTAMPTZ NOT NULL,
  CHECK ((status = 2) = (reason IS NOT NULL))
);
CREATE INDEX withdrawals_user_idx ON withdrawals (user_id, id DESC);
CREATE INDEX withdrawals_queue_idx ON withdrawals (status, id);
