-- Customer service chat: one conversation per customer at a time, owned by a user or by a visitor
-- (the SHA-256 of the random token the visitor's app keeps); read markers on both sides.

CREATE TABLE chat_conversations (
  id                  BIGSERIAL   PRIMARY KEY,
  user_id             BIGINT      REFERENCES users(id),
  visitor_token_hash  TEXT        CHECK (visitor_token_hash ~ '^[a-f0-9]{64}$'),
  status              TEXT        NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  -- SPEC §2: the conversation opens with the user's name and phone as metadata.
  meta_name           TEXT        NOT NULL DEFAULT '',
  meta_phone          TEXT        NOT NULL DEFAULT '',
  -- The last message id each side has read; unread counts are the other side's messages above it.
  user_read_id        BIGINT      NOT NULL DEFAULT 0,
  agent_read_id       BIGINT      NOT NULL DEFAULT 0,
  last_message_at     TIMESTAMPTZ NOT NULL,
  created_at          TIMESTAMPTZ NOT NULL,
  closed_at           TIMESTAMPTZ,
  closed_by_user_id   BIGINT      REFERENCES users(id),
  CHECK ((user_id IS NULL) <> (visitor_token_hash IS NULL)),
  CHECK ((status = 'closed') = (closed_at IS NOT NULL))
);
-- At most one open conversation per owner, so concurrent first messages share one.
CREATE UNIQUE INDEX chat_conversations_open_user_idx ON chat_conversations (user_id) WHERE status = 'open' AND user_id IS NOT NULL;
CREATE UNIQUE INDEX chat_conversations_open_visitor_idx ON chat_conversations (visitor_token_hash) WHERE status = 'open' AND visitor_token_hash IS NOT NULL;
CREATE INDEX chat_conversations_visitor_idx ON chat_conversations (visitor_token_hash) WHERE visitor_token_hash IS NOT NULL;
CREATE INDEX chat_conversations_user_idx ON chat_conversations (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX chat_conversations_status_idx ON chat_conversations (status, last_message_at DESC);

CREATE TABLE chat_messages (
  id               BIGSERIAL   PRIMARY KEY,
  conversation_id  BIGINT      NOT NULL REFERENCES chat_conversations(id),
  sender           TEXT        NOT NULL CHECK (sender IN ('user', 'agent')),
  agent_user_id    BIGINT      REFERENCES users(id),
  body             TEXT        CHECK (char_length(body) BETWEEN 1 AND 2000),
  image_url        TEXT,
  created_at       TIMESTAMPTZ NOT NULL,
  CHECK (body IS NOT NULL OR image_url IS NOT NULL),
  CHECK ((sender = 'agent') = (agent_user_id IS NOT NULL))
);
CREATE INDEX chat_messages_conversation_idx ON chat_messages (conversation_id, id);
