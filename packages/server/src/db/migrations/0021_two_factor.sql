-- Two-factor sign-in with an authenticator app (TOTP, RFC 6238): one secret per user, enabled once a
-- code from it is confirmed; the newest accepted time step, so a code is never accepted twice; ten
-- single-use recovery codes, stored hashed; short-lived sign-in challenges between password and code.
CREATE TABLE user_totp (
  user_id         BIGINT      PRIMARY KEY REFERENCES users(id),
  secret          TEXT        NOT NULL,
  enabled_at      TIMESTAMPTZ,
  last_used_step  BIGINT,
  created_at      TIMESTAMPTZ NOT NULL,
  updated_at      TIMESTAMPTZ NOT NULL
);

CREATE TABLE totp_recovery_codes (
  id          BIGSERIAL   PRIMARY KEY,
  user_id     BIGINT      NOT NULL REFERENCES users(id),
  code_hash   TEXT        NOT NULL,
  used_at     TIMESTAMPTZ,
  created_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX totp_recovery_codes_user_idx ON totp_recovery_codes (user_id) WHERE used_at IS NULL;

CREATE TABLE login_challenges (
  id          BIGSERIAL   PRIMARY KEY,
  user_id     BIGINT      NOT NULL REFERENCES users(id),
  token_hash  TEXT        NOT NULL UNIQUE,
  ip          TEXT        NOT NULL DEFAULT '',
  user_agent  TEXT        NOT NULL DEFAULT '',
  attempts    INTEGER     NOT NULL DEFAULT 0,
  created_at  TIMESTAMPTZ NOT NULL,
  expires_at  TIMESTAMPTZ NOT NULL,
  used_at     TIMESTAMPTZ
);
CREATE INDEX login_challenges_user_idx ON login_challenges (user_id);
