-- Accounts, sessions, e-mail codes, the outbox and the admin audit log.

CREATE TABLE users (
  id                      BIGSERIAL PRIMARY KEY,
  email                   TEXT        NOT NULL UNIQUE CHECK (email = lower(email)),
  password_hash           TEXT        NOT NULL,
  pay_password_hash       TEXT,
  name                    TEXT        NOT NULL DEFAULT '' CHECK (char_length(name) <= 50),
  phone                   TEXT        NOT NULL DEFAULT '' CHECK (char_length(phone) <= 50),
  invite_code             TEXT        NOT NULL UNIQUE CHECK (invite_code ~ '^[A-Z0-9]{6}$'),
  invited_by_user_id      BIGINT      REFERENCES users(id),
  role                    TEXT        NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
  kyc_status              SMALLINT    NOT NULL DEFAULT 0 CHECK (kyc_status IN (0, 1, 2, 3)),
  failed_login_count      INTEGER     NOT NULL DEFAULT 0 CHECK (failed_login_count >= 0),
  locked_until            TIMESTAMPTZ,
  failed_pay_count        INTEGER     NOT NULL DEFAULT 0 CHECK (failed_pay_count >= 0),
  pay_locked_until        TIMESTAMPTZ,
  created_at              TIMESTAMPTZ NOT NULL,
  updated_at              TIMESTAMPTZ NOT NULL
);
CREATE INDEX users_invited_by_idx ON users (invited_by_user_id);

CREATE TABLE sessions (
  id            BIGSERIAL PRIMARY KEY,
  user_id       BIGINT      NOT NULL REFERENCES users(id),
  token_hash    TEXT        NOT NULL UNIQUE,
  created_at    TIMESTAMPTZ NOT NULL,
  expires_at    TIMESTAMPTZ NOT NULL,
  revoked_at    TIMESTAMPTZ,
  ip            TEXT        NOT NULL DEFAULT '',
  user_agent    TEXT        NOT NULL DEFAULT ''
);
CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL;

CREATE TABLE email_codes (
  id            BIGSERIAL PRIMARY KEY,
  email         TEXT        NOT NULL,
  purpose       TEXT        NOT NULL CHECK (purpose IN ('register', 'reset')),
  code_hash     TEXT        NOT NULL,
  attempts      INTEGER     NOT NULL DEFAULT 0,
  created_at    TIMESTAMPTZ NOT NULL,
  expires_at    TIMESTAMPTZ NOT NULL,
  consumed_at   TIMESTAMPTZ,
  ip            TEXT        NOT NULL DEFAULT ''
);
CREATE INDEX email_codes_lookup_idx ON email_codes (email, purpose, created_at DESC);

CREATE TABLE email_outbox (
  id            BIGSERIAL PRIMARY KEY,
  to_address    TEXT        NOT NULL,
  subject       TEXT        NOT NULL,
  body          TEXT        NOT NULL,
  code          TEXT,
  transport     TEXT        NOT NULL CHECK (transport IN ('outbox', 'smtp')),
  created_at    TIMESTAMPTZ NOT NULL
);
CREATE INDEX email_outbox_to_idx ON email_outbox (to_address, id DESC);

CREATE TABLE audit_log (
  id            BIGSERIAL PRIMARY KEY,
  actor_user_id BIGINT      REFERENCES users(id),
  action        TEXT        NOT NULL,
  subject       TEXT        NOT NULL DEFAULT '',
  detail        JSONB       NOT NULL DEFAULT '{}'::jsonb,
  ip            TEXT        NOT NULL DEFAULT '',
  created_at    TIMESTAMPTZ NOT NULL
);
