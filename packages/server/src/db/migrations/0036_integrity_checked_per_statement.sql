-- Issue 22: the rows of an order (position, order, journal entry, postings, idempotency key) were checked by
-- seven foreign keys and a deferred balance check, every one of them a trigger run once per row, each with its
-- own query: 15 foreign-key checks and 3 balance checks for one market buy, ~20 % of the database's time per
-- order on PostgreSQL and more on PGlite. The same rules are now checked once per statement, over all the rows
-- the statement wrote (transition tables), with the same error codes. Each check looks rows up one by one
-- through LATERAL ... LIMIT 1, which keeps it on the index: PL/pgSQL keeps the plan it made first, and a plan
-- made while a table was small hashed the whole table (seen: an anti-join over every position, per batch).
--
-- A foreign key also stops the referenced row from going away while the referencing row commits (it takes a
-- KEY SHARE lock on it). Here the referenced rows cannot go away at all: users, ledger accounts and positions
-- are never deleted and their keys never change (refused below, as journal entries already are, 0003), so a
-- row seen by the check stays.

CREATE FUNCTION refuse_removal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are never deleted and their keys never change: other rows point at them', TG_TABLE_NAME
    USING ERRCODE = 'P0002';
END $$;

CREATE TRIGGER users_kept BEFORE DELETE ON users FOR EACH ROW EXECUTE FUNCTION refuse_removal();
CREATE TRIGGER users_id_kept BEFORE UPDATE OF id ON users
  FOR EACH ROW WHEN (NEW.id IS DISTINCT FROM OLD.id) EXECUTE FUNCTION refuse_removal();
CREATE TRIGGER users_no_truncate BEFORE TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION refuse_removal();
CREATE TRIGGER ledger_accounts_kept BEFORE DELETE ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION refuse_removal();
CREATE TRIGGER ledger_accounts_key_kept BEFORE UPDATE OF id, currency ON ledger_accounts
  FOR EACH ROW WHEN (NEW.id IS DISTINCT FROM OLD.id OR NEW.currency IS DISTINCT FROM OLD.currency) EXECUTE FUNCTION refuse_removal();
CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON ledger_accounts FOR EACH STATEMENT EXECUTE FUNCTION refuse_removal();
CREATE TRIGGER positions_kept BEFORE DELETE ON positions FOR EACH ROW EXECUTE FUNCTION refuse_removal();
CREATE TRIGGER positions_id_kept BEFORE UPDATE OF id ON positions
  FOR EACH ROW WHEN (NEW.id IS DISTINCT FROM OLD.id) EXECUTE FUNCTION refuse_removal();
CREATE TRIGGER positions_no_truncate BEFORE TRUNCATE ON positions FOR EACH STATEMENT EXECUTE FUNCTION refuse_removal();

ALTER TABLE positions DROP CONSTRAINT positions_user_id_fkey;
ALTER TABLE orders DROP CONSTRAINT orders_user_id_fkey;
ALTER TABLE orders DROP CONSTRAINT orders_position_id_fkey;
ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_user_id_fkey;
ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_user_id_fkey;
ALTER TABLE postings DROP CONSTRAINT postings_entry_id_fkey;
ALTER TABLE postings DROP CONSTRAINT postings_account_id_currency_fkey;
DROP TRIGGER postings_balanced ON postings;
DROP FUNCTION ledger_entry_balanced();

-- The user a row names exists (positions, orders, journal entries, idempotency keys; a journal entry may name none).
CREATE FUNCTION check_user_exists() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing bigint;
BEGIN
  SELECT n.user_id INTO missing FROM new_rows n
    LEFT JOIN LATERAL (SELECT true AS found FROM users u WHERE u.id = n.user_id LIMIT 1) x ON true
    WHERE n.user_id IS NOT NULL AND x.found IS NULL LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'insert or update on table "%" violates foreign key constraint "%_user_id_fkey"', TG_TABLE_NAME, TG_TABLE_NAME
      USING ERRCODE = '23503', DETAIL = format('Key (user_id)=(%s) is not present in table "users".', missing);
  END IF;
  RETURN NULL;
END $$;

-- An order's position, when it names one, exists (its user: check_user_exists, a trigger of its own).
CREATE FUNCTION check_order_position_exists() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing bigint;
BEGIN
  SELECT n.position_id INTO missing FROM new_rows n
    LEFT JOIN LATERAL (SELECT true AS found FROM positions p WHERE p.id = n.position_id LIMIT 1) x ON true
    WHERE n.position_id IS NOT NULL AND x.found IS NULL LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'insert or update on table "orders" violates foreign key constraint "orders_position_id_fkey"'
      USING ERRCODE = '23503', DETAIL = format('Key (position_id)=(%s) is not present in table "positions".', missing);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER positions_user_exists AFTER INSERT ON positions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION check_user_exists();
CREATE TRIGGER orders_user_exists AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION check_user_exists();
CREATE TRIGGER orders_position_exists AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION check_order_position_exists();
CREATE TRIGGER journal_entries_user_exists AFTER INSERT ON journal_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION check_user_exists();
CREATE TRIGGER idempotency_keys_user_exists AFTER INSERT ON idempotency_keys
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION check_user_exists();

-- Updates (journal entries are append-only): a row trigger that fires only when the column changes. A statement
-- trigger with a transition table cannot be limited to some columns, and would run on every fill and close.
CREATE FUNCTION check_changed_reference() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_ARGV[0] = 'user_id' AND NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.user_id) THEN
    RAISE EXCEPTION 'update on table "%" violates foreign key constraint "%_user_id_fkey"', TG_TABLE_NAME, TG_TABLE_NAME
      USING ERRCODE = '23503', DETAIL = format('Key (user_id)=(%s) is not present in table "users".', NEW.user_id);
  END IF;
  IF TG_ARGV[0] = 'position_id' AND NOT EXISTS (SELECT 1 FROM positions WHERE id = NEW.position_id) THEN
    RAISE EXCEPTION 'update on table "orders" violates foreign key constraint "orders_position_id_fkey"'
      USING ERRCODE = '23503', DETAIL = format('Key (position_id)=(%s) is not present in table "positions".', NEW.position_id);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER positions_user_changed AFTER UPDATE OF user_id ON positions
  FOR EACH ROW WHEN (NEW.user_id IS NOT NULL AND NEW.user_id IS DISTINCT FROM OLD.user_id) EXECUTE FUNCTION check_changed_reference('user_id');
CREATE TRIGGER orders_user_changed AFTER UPDATE OF user_id ON orders
  FOR EACH ROW WHEN (NEW.user_id IS NOT NULL AND NEW.user_id IS DISTINCT FROM OLD.user_id) EXECUTE FUNCTION check_changed_reference('user_id');
CREATE TRIGGER orders_position_changed AFTER UPDATE OF position_id ON orders
  FOR EACH ROW WHEN (NEW.position_id IS NOT NULL AND NEW.position_id IS DISTINCT FROM OLD.position_id)
  EXECUTE FUNCTION check_changed_reference('position_id');
CREATE TRIGGER idempotency_keys_user_changed AFTER UPDATE OF user_id ON idempotency_keys
  FOR EACH ROW WHEN (NEW.user_id IS NOT NULL AND NEW.user_id IS DISTINCT FROM OLD.user_id) EXECUTE FUNCTION check_changed_reference('user_id');

-- Postings (append-only, 0003): each names an existing journal entry and an existing account in its currency,
-- and after the statement every entry it touched sums to zero in each currency. Every writer inserts an entry's
-- postings in one statement (ledger.repository.ts, the batch functions of 0035), so the entry is whole when this
-- runs; an insert that adds to an older entry is checked against all of that entry's postings. This is stricter
-- than the deferred check it replaces, which let an entry be unbalanced until commit.
CREATE FUNCTION check_postings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  SELECT n.entry_id INTO bad FROM new_postings n
    LEFT JOIN LATERAL (SELECT true AS found FROM journal_entries e WHERE e.id = n.entry_id LIMIT 1) x ON true
    WHERE x.found IS NULL LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'insert or update on table "postings" violates foreign key constraint "postings_entry_id_fkey"'
      USING ERRCODE = '23503', DETAIL = format('Key (entry_id)=(%s) is not present in table "journal_entries".', bad.entry_id);
  END IF;
  SELECT n.account_id, n.currency INTO bad FROM new_postings n
    LEFT JOIN LATERAL (SELECT true AS found FROM ledger_accounts a WHERE a.id = n.account_id AND a.currency = n.currency LIMIT 1) x ON true
    WHERE x.found IS NULL LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'insert or update on table "postings" violates foreign key constraint "postings_account_id_currency_fkey"'
      USING ERRCODE = '23503',
            DETAIL = format('Key (account_id, currency)=(%s, %s) is not present in table "ledger_accounts".', bad.account_id, bad.currency);
  END IF;
  SELECT e.entry_id INTO bad FROM (SELECT DISTINCT entry_id FROM new_postings) e
    CROSS JOIN LATERAL (SELECT 1 FROM postings p WHERE p.entry_id = e.entry_id GROUP BY p.currency HAVING sum(p.amount) <> 0 LIMIT 1) x
    LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'journal entry % does not balance', bad.entry_id USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER postings_checked AFTER INSERT ON postings
  REFERENCING NEW TABLE AS new_postings FOR EACH STATEMENT EXECUTE FUNCTION check_postings();
