-- Articles: news for everyone and notices (announcements) from the broker, written and translated in
-- the back office. The body is HTML already cleaned by the server's allow-list sanitiser at write
-- time (and cleaned again on every read). A reader sees an article only once it is published and its
-- publishing time has come; until then a published article with a later time is "scheduled".

CREATE TABLE articles (
  id          BIGSERIAL   PRIMARY KEY,
  kind        TEXT        NOT NULL CHECK (kind IN ('news', 'notice')),
  -- A value of the article_tag dictionary.
  tag         TEXT        NOT NULL CHECK (tag ~ '^[a-z]{1,30}$'),
  status      TEXT        NOT NULL CHECK (status IN ('draft', 'published')),
  publish_at  TIMESTAMPTZ,
  -- Demo articles seeded at first start carry a key, so seeding again adds nothing.
  demo_key    TEXT        UNIQUE,
  created_by  BIGINT      REFERENCES users(id),
  updated_by  BIGINT      REFERENCES users(id),
  created_at  TIMESTAMPTZ NOT NULL,
  updated_at  TIMESTAMPTZ NOT NULL,
  CHECK ((status = 'published') = (publish_at IS NOT NULL))
);
CREATE INDEX articles_visible_idx ON articles (kind, publish_at DESC, id DESC) WHERE status = 'published';

-- One row per locale the article is written in; English is always there (the fallback).
CREATE TABLE article_translations (
  article_id  BIGINT      NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
  locale      TEXT        NOT NULL CHECK (locale IN ('en', 'de', 'hi', 'ja', 'th', 'zh-CN', 'zh-TW')),
  title       TEXT        NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
  summary     TEXT        NOT NULL DEFAULT '' CHECK (char_length(summary) <= 500),
  body        TEXT        NOT NULL CHECK (char_length(body) <= 100000),
  updated_at  TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (article_id, locale)
);
