-- The double-entry ledger (DESIGN §4): accounts, journal entries with postings that sum to zero per
-- currency, holds that freeze funds, idempotency keys. Amounts are integers in the currency's minor unit.

CREATE TABLE ledger_accounts (
  id            BIGSERIAL   PRIMARY KEY,
  owner         TEXT        NOT NULL CHECK (owner IN ('user', 'system')),
  user_id       BIGINT      REFERENCES users(id),
  wallet_type   TEXT        CHECK (wallet_type IN ('BALANCE', 'FOLLOW', 'FUTURE', 'STOCK', 'SUBSCRIPTION', 'FOREX', 'TW')),
  system_code   TEXT,
  currency      TEXT        NOT NULL CHECK (currency IN ('USD', 'EUR', 'TWD')),
  balance       BIGINT      NOT NULL DEFAULT 0,
  frozen        BIGINT      NOT NULL DEFAULT 0,
  created_at    TIMESTAMPTZ NOT NULL,
  CHECK ((owner = 'user') = (user_id IS NOT NULL AND wallet_type IS NOT NULL AND system_code IS NULL)),
  CHECK (owner = 'user' OR system_code IS NOT NULL),
  -- A user's money never goes below zero and never less than what is frozen: enforced here, not only in code.
  CONSTRAINT user_balance_not_negative CHECK (owner <> 'user' OR (balance >= 0 AND frozen >= 0 AND frozen <= balance)),
  UNIQUE (user_id, wallet_type, currency),
  UNIQUE (system_code, currency),
  UNIQUE (id, currency)
);

CREATE TABLE journal_entries (
  id              BIGSERIAL   PRIMARY KEY,
  kind            TEXT        NOT NULL,
  user_id         BIGINT      REFERENCES users(id),
  reference_type  TEXT,
  reference_id    BIGINT,
  memo            TEXT        NOT NULL DEFAULT '',
  created_at      TIMESTAMPTZ NOT NULL
);
CREATE INDEX journal_entries_reference_idx ON journal_entries (reference_type, reference_id);

CREATE TABLE postings (
  id          BIGSERIAL   PRIMARY KEY,
  entry_id    BIGINT      NOT NULL REFERENCES journal_entries(id),
  account_id  BIGINT      NOT NULL,
  currency    TEXT        NOT NULL,
  amount      BIGINT      NOT NULL CHECK (amount <> 0),
  created_at  TIMESTAMPTZ NOT NULL,
  FOREIGN KEY (account_id, currency) REFERENCES ledger_accounts (id, currency)
);
CREATE INDEX postings_account_idx ON postings (account_id, id);
CREATE INDEX postings_entry_idx ON postings (entry_id);

CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'P0002';
END $$;
CREATE TRIGGER postings_append_only BEFORE UPDATE OR DELETE ON postings
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER journal_entries_append_only BEFORE UPDATE OR DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();

-- Each posting moves its account's balance, so balance always equals the sum of postings.
CREATE FUNCTION ledger_apply_posting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id;
  RETURN NULL;
END $$;
CREATE TRIGGER postings_apply AFTER INSERT ON postings
  FOR EACH ROW EXECUTE FUNCTION ledger_apply_posting();

-- At commit every entry must sum to zero in each currency.
CREATE FUNCTION ledger_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM postings WHERE entry_id = NEW.entry_id GROUP BY currency HAVING SUM(amount) <> 0) THEN
    RAISE EXCEPTION 'journal entry % does not balance', NEW.entry_id USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER postings_balanced AFTER INSERT ON postings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entry_balanced();

-- A hold freezes part of an account; it ends once, posted (captured) or voided (released).
CREATE TABLE holds (
  id              BIGSERIAL   PRIMARY KEY,
  account_id      BIGINT      NOT NULL REFERENCES ledger_accounts(id),
  amount          BIGINT      NOT NULL CHECK (amount > 0),
  status          TEXT        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'posted', 'voided')),
  reference_type  TEXT        NOT NULL,
  reference_id    BIGINT,
  created_at      TIMESTAMPTZ NOT NULL,
  resolved_at     TIMESTAMPTZ
);
CREATE INDEX holds_reference_idx ON holds (reference_type, reference_id);
CREATE INDEX holds_pending_idx ON holds (account_id) WHERE status = 'pending';

CREATE FUNCTION ledger_apply_hold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status <> 'pending' THEN
      RAISE EXCEPTION 'a hold starts pending' USING ERRCODE = '23514';
    END IF;
    UPDATE ledger_accounts SET frozen = frozen + NEW.amount WHERE id = NEW.account_id;
    RETURN NEW;
  END IF;
  IF OLD.status <> 'pending' OR NEW.status = 'pending' OR NEW.amount <> OLD.amount OR NEW.account_id <> OLD.account_id THEN
    RAISE EXCEPTION 'hold % is already %', OLD.id, OLD.status USING ERRCODE = '23514';
  END IF;
  UPDATE ledger_accounts SET frozen = frozen - OLD.amount WHERE id = OLD.account_id;
  RETURN NEW;
END $$;
CREATE TRIGGER holds_apply BEFORE INSERT OR UPDATE ON holds
  FOR EACH ROW EXECUTE FUNCTION ledger_apply_hold();
CREATE TRIGGER holds_no_delete BEFORE DELETE ON holds
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();

-- Client-chosen keys for money-moving calls: the first answer is kept and replayed.
CREATE TABLE idempotency_keys (
  user_id       BIGINT      NOT NULL REFERENCES users(id),
  key           TEXT        NOT NULL CHECK (char_length(key) BETWEEN 1 AND 100),
  request_hash  TEXT        NOT NULL,
  response      JSONB       NOT NULL,
  created_at    TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

-- Transfers between a user's own wallets: pending (funds held) until they settle, cancellable until then.
CREATE TABLE wallet_transfers (
  id            BIGSERIAL   PRIMARY KEY,
  user_id       BIGINT      NOT NULL REFERENCES users(id),
  from_wallet   TEXT        NOT NULL,
  to_wallet     TEXT        NOT NULL CHECK (to_wallet <> from_wallet),
  currency      TEXT        NOT NULL,
  amount        BIGINT      NOT NULL CHECK (amount > 0),
  to_currency   TEXT        NOT NULL,
  to_amount     BIGINT      NOT NULL CHECK (to_amount > 0),
  rate          DOUBLE PRECISION NOT NULL CHECK (rate > 0),
  status        TEXT        NOT NULL CHECK (status IN ('pending', 'settled', 'cancelled')),
  hold_id       BIGINT      NOT NULL REFERENCES holds(id),
  created_at    TIMESTAMPTZ NOT NULL,
  settle_at     TIMESTAMPTZ NOT NULL,
  resolved_at   TIMESTAMPTZ
);
CREATE INDEX wallet_transfers_user_idx ON wallet_transfers (user_id, id DESC);
CREATE INDEX wallet_transfers_due_idx ON wallet_transfers (settle_at) WHERE status = 'pending';
