-- Settings › Security lists a user's sessions with when each was last used, and a sign-in from a
-- device (user agent and address) this user never signed in from before puts a notice in the inbox.
ALTER TABLE sessions ADD COLUMN last_seen_at TIMESTAMPTZ;
UPDATE sessions SET last_seen_at = created_at;
ALTER TABLE sessions ALTER COLUMN last_seen_at SET NOT NULL;
CREATE INDEX sessions_user_device_idx ON sessions (user_id, user_agent, ip);
