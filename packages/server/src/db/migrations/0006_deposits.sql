-- Deposits: a user reports money sent (with a credential screenshot); staff approve (credit) or reject.

CREATE TABLE deposits (
  id              BIGSERIAL   PRIMARY KEY,
  user_id         BIGINT      NOT NULL REFERENCES users(id),
  channel_id      INTEGER     NOT NULL,
  currency        TEXT        NOT NULL,
  amount          BIGINT      NOT NULL CHECK (amount >= 100),
  credential_url  TEXT        NOT NULL,
  status          SMALLINT    NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3)),
  reason          TEXT,
  confirmations   INTEGER     NOT NULL DEFAULT 0,
  reviewed_by     BIGINT      REFERENCES users(id),
  reviewed_at     TIMESTAMPTZ,
  created_at      TIMESTAMPTZ NOT NULL,
  CHECK ((status = 2) = (reason IS NOT NULL))
);
CREATE INDEX deposits_user_idx ON deposits (user_id, id DESC);
CREATE INDEX deposits_queue_idx ON deposits (status, id);
