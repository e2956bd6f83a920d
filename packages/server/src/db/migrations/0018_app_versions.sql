-- The published app version (SPEC §3 app config, §7 /appVersion/getPublishAppVersion). Staff publish
-- a new row from the back office; the newest row is the one served, the older ones are the history.
-- Referral needs no schema of its own: users.invite_code is UNIQUE and users.invited_by_user_id
-- records the inviter since 0001.

CREATE TABLE app_versions (
  id                    BIGSERIAL   PRIMARY KEY,
  version               TEXT        NOT NULL CHECK (version ~ '^[0-9]{1,4}\.[0-9]{1,4}\.[0-9]{1,4}$'),
  force_update          BOOLEAN     NOT NULL DEFAULT false,
  download_url          TEXT        NOT NULL DEFAULT '' CHECK (download_url = '' OR download_url LIKE 'https://%'),
  notes                 TEXT        NOT NULL DEFAULT '' CHECK (char_length(notes) <= 2000),
  -- Outside hosts the in-app document viewer may show (lower-case host names).
  webview_hosts         JSONB       NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(webview_hosts) = 'array'),
  published_by_user_id  BIGINT      REFERENCES users(id),
  published_at          TIMESTAMPTZ NOT NULL
);

INSERT INTO app_versions (version, notes, webview_hosts, published_at)
VALUES ('1.0.0', '', '[]', now());
