-- Texts the server writes for people (wallet bill memos, inbox notices) are kept as a message key
-- and its parameters next to the English text, so each reader gets them in the language of the
-- request (i18n/messages.ts). Rows written before this migration have no key and are shown as stored.
ALTER TABLE journal_entries ADD COLUMN memo_key TEXT, ADD COLUMN memo_params JSONB;
ALTER TABLE user_messages ADD COLUMN title_key TEXT, ADD COLUMN body_key TEXT, ADD COLUMN text_params JSONB;
