-- Every order posts to the house margin and fees accounts. Keeping a running balance on those single
-- rows (and locking them) made every order in the system wait for the one before it. From here on a
-- system account's balance is the sum of its postings, read through ledger_balances; user accounts
-- keep the trigger-maintained balance that the no-negative CHECK guards and that orders lock.
CREATE OR REPLACE FUNCTION ledger_apply_posting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id AND owner = 'user';
  RETURN NULL;
END $$;

UPDATE ledger_accounts SET balance = 0 WHERE owner = 'system';
ALTER TABLE ledger_accounts
  ADD CONSTRAINT system_balance_derived CHECK (owner = 'user' OR (balance = 0 AND frozen = 0));

CREATE VIEW ledger_balances AS
  SELECT a.id, a.owner, a.user_id, a.wallet_type, a.system_code, a.currency, a.frozen,
         CASE WHEN a.owner = 'user' THEN a.balance
              ELSE COALESCE((SELECT SUM(p.amount) FROM postings p WHERE p.account_id = a.id), 0)::bigint
         END AS balance
  FROM ledger_accounts a;
