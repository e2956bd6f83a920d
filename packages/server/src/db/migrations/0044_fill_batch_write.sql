-- Issue 22: the engine's fills of resting orders in batches. A tick crossing 2,000 limit buys filled them one
-- transaction each (lock the order, release its hold, open the position, post): 440-462 fills a second on
-- PostgreSQL, the last 4.3-4.5 s after the tick. A batch reads the orders with their row versions (xmin), decides
-- every fill in memory and writes them with this function: a fill's rows are written only if its order's update
-- matched the version it was decided on, so each fill is all or nothing on its own and an order changed since
-- (cancelled, filled, expired by another path or process) is left alone, for that fill to be decided under the
-- order's lock. Locks are taken as a fill made alone takes them: the orders first (those still at their version),
-- then their owners' accounts in id order (as the order batch and the posting trigger take them), so neither a fill
-- made alone nor an owner's cancel can deadlock with the batch. The holds' trigger then releases each hold's frozen
-- funds and the postings move the fill's margin and fee.
CREATE FUNCTION fill_batch_write(orders_json jsonb, positions_json jsonb, entries_json jsonb, postings_json jsonb)
  RETURNS SETOF bigint LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  applied bigint[];
BEGIN
  -- A row changed since it was read has another xmin; one being changed now is waited for and then judged as it is.
  SELECT coalesce(array_agg(locked.id), '{}') INTO applied FROM (
    SELECT o.id
      FROM orders AS o
      JOIN jsonb_to_recordset(orders_json) AS x(id bigint, version text) ON o.id = x.id
      WHERE o.id = ANY (ARRAY(SELECT (item ->> 'id')::bigint FROM jsonb_array_elements(orders_json) AS item))
        AND o.xmin = x.version::xid
      FOR UPDATE OF o) AS locked;
  PERFORM 1 FROM ledger_accounts
    WHERE id = ANY (ARRAY(SELECT (item ->> 'wallet_account')::bigint FROM jsonb_array_elements(orders_json) AS item
                          WHERE (item ->> 'id')::bigint = ANY (applied)))
      AND owner = 'user'
    ORDER BY id FOR NO KEY UPDATE;
  RETURN QUERY
  WITH
    u AS (
      UPDATE orders AS o
      SET status = x.status, fill_price = x.fill_price, fee = x.fee, margin = x.margin, position_id = x.position_id,
          triggered_at = COALESCE(o.triggered_at, x.triggered_at), updated_at = x.updated_at
      FROM jsonb_to_recordset(orders_json) AS x(id bigint, status smallint, fill_price numeric, fee bigint, margin bigint,
        position_id bigint, triggered_at timestamptz, updated_at timestamptz)
      WHERE o.id = ANY (applied) AND o.id = x.id
      RETURNING o.id, o.hold_id, x.updated_at),
    h AS (
      UPDATE holds AS hd SET status = 'posted', resolved_at = u.updated_at
      FROM u
      WHERE hd.id = u.hold_id AND hd.status = 'pending'
      RETURNING 1),
    p AS (
      INSERT INTO positions (id, user_id, source, stock_code, contract, direction, quantity, open_price, multiplier, leverage,
                             wallet_type, currency, margin, status, expires_at, take_profit, stop_loss, created_at, updated_at)
      SELECT id, user_id, source, stock_code, contract, direction, quantity, open_price, multiplier, leverage,
             wallet_type, currency, margin, 'open', expires_at, take_profit, stop_loss, created_at, created_at
      FROM jsonb_to_recordset(positions_json) AS x(id bigint, user_id bigint, source smallint, stock_code text, contract text, direction smallint,
        quantity bigint, open_price numeric, multiplier numeric, leverage integer, wallet_type text, currency text, margin bigint,
        expires_at timestamptz, take_profit numeric, stop_loss numeric, created_at timestamptz, order_id bigint)
      WHERE x.order_id = ANY (applied)
      RETURNING 1),
    e AS (
      INSERT INTO journal_entries (id, kind, user_id, reference_type, reference_id, memo, memo_key, memo_params, created_at)
      SELECT id, 'order-open', user_id, 'order', reference_id, memo, memo_key, memo_params::jsonb, created_at
      FROM jsonb_to_recordset(entries_json) AS x(id bigint, user_id bigint, reference_id bigint, memo text, memo_key text,
        memo_params text, created_at timestamptz)
      WHERE x.reference_id = ANY (applied)
      RETURNING 1),
    t AS (
      INSERT INTO postings (entry_id, account_id, currency, amount, created_at)
      SELECT entry_id, account_id, currency, amount, created_at
      FROM jsonb_to_recordset(postings_json) AS x(entry_id bigint, account_id bigint, currency text, amount bigint, created_at timestamptz,
        order_id bigint)
      WHERE x.order_id = ANY (applied)
      ORDER BY account_id, entry_id
      RETURNING 1)
  SELECT u.id FROM u;
END $$;
