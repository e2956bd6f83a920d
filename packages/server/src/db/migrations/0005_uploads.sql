-- Uploaded images (deposit credentials, KYC documents): stored outside the web root under random names.

CREATE TABLE uploads (
  id            BIGSERIAL   PRIMARY KEY,
  user_id       BIGINT      NOT NULL REFERENCES users(id),
  stored_name   TEXT        NOT NULL UNIQUE CHECK (stored_name ~ '^[a-f0-9]{32}\.(jpg|png|webp)$'),
  content_type  TEXT        NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
  size_bytes    INTEGER     NOT NULL CHECK (size_bytes > 0),
  created_at    TIMESTAMPTZ NOT NULL
);
CREATE INDEX uploads_user_idx ON uploads (user_id);
