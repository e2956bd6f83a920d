-- Issue 22: a batch of orders or closes writes dozens of postings in one statement, and the row-level trigger
-- ran one UPDATE per posting, house accounts included (which it then skipped: their balance is derived, 0012).
-- The postings of a statement are now applied once, summed per user account. The user accounts' rows are
-- locked in id order first, as DESIGN §4 asks of every writer, with the lock the UPDATE itself takes (NO KEY
-- UPDATE): FOR UPDATE would also wait on the KEY SHARE locks other batches' foreign-key checks hold on the same
-- accounts, and two batches did deadlock that way (found after a second each by PostgreSQL). The no-negative CHECK judges each account's
-- balance after the whole statement's postings, which is what commits. Entries are still checked for balance
-- at commit by postings_balanced.
DROP TRIGGER postings_apply ON postings;
DROP FUNCTION ledger_apply_posting();

CREATE FUNCTION ledger_apply_postings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM ledger_accounts
    WHERE id IN (SELECT account_id FROM new_postings) AND owner = 'user'
    ORDER BY id FOR NO KEY UPDATE;
  UPDATE ledger_accounts AS a SET balance = a.balance + s.amount
    FROM (SELECT account_id, sum(amount)::bigint AS amount FROM new_postings GROUP BY account_id) AS s
    WHERE a.id = s.account_id AND a.owner = 'user';
  RETURN NULL;
END $$;

CREATE TRIGGER postings_apply AFTER INSERT ON postings
  REFERENCING NEW TABLE AS new_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_apply_postings();
