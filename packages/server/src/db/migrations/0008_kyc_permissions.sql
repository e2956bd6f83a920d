-- Identity verification, block-trading permission, and blocking a user's login.

ALTER TABLE users ADD COLUMN block_trade_permission SMALLINT NOT NULL DEFAULT 0 CHECK (block_trade_permission IN (0, 1, 2, 3));
ALTER TABLE users ADD COLUMN blocked_at TIMESTAMPTZ;

CREATE TABLE kyc_applications (
  id                BIGSERIAL   PRIMARY KEY,
  user_id           BIGINT      NOT NULL REFERENCES users(id),
  first_name        TEXT        NOT NULL CHECK (char_length(first_name) <= 50),
  last_name         TEXT        NOT NULL CHECK (char_length(last_name) <= 50),
  country           TEXT        NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  document_type     TEXT        NOT NULL CHECK (document_type IN ('idcard', 'passport')),
  document_number   TEXT        NOT NULL,
  front_url         TEXT        NOT NULL,
  back_url          TEXT,
  status            SMALLINT    NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3)),
  reason            TEXT,
  reviewed_by       BIGINT      REFERENCES users(id),
  reviewed_at       TIMESTAMPTZ,
  created_at        TIMESTAMPTZ NOT NULL,
  CHECK ((status = 2) = (reason IS NOT NULL))
);
CREATE INDEX kyc_applications_user_idx ON kyc_applications (user_id, id DESC);
CREATE INDEX kyc_applications_queue_idx ON kyc_applications (status, id);
-- One application under review at a time.
CREATE UNIQUE INDEX kyc_applications_one_pending ON kyc_applications (user_id) WHERE status = 1;
