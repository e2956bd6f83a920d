-- Issue 22: the batched order and close paths' statements, as functions. PL/pgSQL parses and plans a
-- function's statement once per connection and keeps it; sent as text each time, the batch statement was parsed
-- and planned again for every batch (on PGlite, which has no named prepared statements, ~1 ms of its one thread
-- per batch, a tenth of an order's cost there). Each is still one statement inside one call: it commits whole or
-- not at all, and the ledger's triggers and CHECKs run as for any insert.

-- Every row of many new orders (modules/trading/order-batch.repository.ts). Every CTE runs to completion whether or
-- not the final SELECT reads it; the foreign keys, the posting trigger and the CHECK on ledger_accounts run at the
-- end of the statement as they do for a single order; the holds' trigger (frozen) runs as each hold is inserted,
-- so the CHECK (frozen <= balance) refuses a hold that available funds do not cover, under the account's row lock.
-- Holds and postings go in account-id order. Answers how many orders it wrote.
CREATE FUNCTION order_batch_write(positions_json jsonb, holds_json jsonb, orders_json jsonb, entries_json jsonb,
                                  postings_json jsonb, keys_json jsonb) RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  written int;
BEGIN
  WITH
    p AS (
      INSERT INTO positions (id, user_id, source, stock_code, contract, direction, quantity, open_price, multiplier, leverage,
                             wallet_type, currency, margin, status, expires_at, take_profit, stop_loss, created_at, updated_at)
      SELECT id, user_id, source, stock_code, contract, direction, quantity, open_price, multiplier, leverage,
             wallet_type, currency, margin, 'open', expires_at, take_profit, stop_loss, created_at, created_at
      FROM jsonb_to_recordset(positions_json) AS x(id bigint, user_id bigint, source smallint, stock_code text, contract text, direction smallint,
        quantity bigint, open_price numeric, multiplier numeric, leverage integer, wallet_type text, currency text, margin bigint,
        expires_at timestamptz, take_profit numeric, stop_loss numeric, created_at timestamptz)
      RETURNING 1),
    h AS (
      INSERT INTO holds (id, account_id, amount, reference_type, created_at)
      SELECT id, account_id, amount, reference_type, created_at
      FROM jsonb_to_recordset(holds_json) AS x(id bigint, account_id bigint, amount bigint, reference_type text, created_at timestamptz)
      ORDER BY account_id, id
      RETURNING 1),
    o AS (
      INSERT INTO orders (id, user_id, source, stock_code, direction, order_type, open_close, status, price, quantity, leverage, fill_price,
                          fee, margin, currency, wallet_type, position_id, hold_id, trigger_price, take_profit, stop_loss, contract,
                          time_in_force, expires_at, created_at, updated_at)
      SELECT id, user_id, source, stock_code, direction, order_type, open_close, status, price, quantity, leverage, fill_price,
             fee, margin, currency, wallet_type, position_id, hold_id, trigger_price, take_profit, stop_loss, contract,
             time_in_force, expires_at, created_at, created_at
      FROM jsonb_to_recordset(orders_json) AS x(id bigint, user_id bigint, source smallint, stock_code text, direction smallint, order_type smallint,
        open_close smallint, status smallint, price numeric, quantity bigint, leverage integer, fill_price numeric, fee bigint, margin bigint,
        currency text, wallet_type text, position_id bigint, hold_id bigint, trigger_price numeric, take_profit numeric, stop_loss numeric,
        contract text, time_in_force text, expires_at timestamptz, created_at timestamptz)
      RETURNING 1),
    e AS (
      INSERT INTO journal_entries (id, kind, user_id, reference_type, reference_id, memo, memo_key, memo_params, created_at)
      SELECT id, kind, user_id, reference_type, reference_id, memo, memo_key, memo_params::jsonb, created_at
      FROM jsonb_to_recordset(entries_json) AS x(id bigint, kind text, user_id bigint, reference_type text, reference_id bigint, memo text,
        memo_key text, memo_params text, created_at timestamptz)
      RETURNING 1),
    t AS (
      INSERT INTO postings (entry_id, account_id, currency, amount, created_at)
      SELECT entry_id, account_id, currency, amount, created_at
      FROM jsonb_to_recordset(postings_json) AS x(entry_id bigint, account_id bigint, currency text, amount bigint, created_at timestamptz)
      ORDER BY account_id, entry_id
      RETURNING 1),
    k AS (
      INSERT INTO idempotency_keys (user_id, key, request_hash, response, created_at)
      SELECT user_id, key, request_hash, response, created_at
      FROM jsonb_to_recordset(keys_json) AS x(user_id bigint, key text, request_hash text, response jsonb, created_at timestamptz)
      RETURNING 1)
  SELECT count(*)::int INTO written FROM o;
  RETURN written;
END $$;

-- Every close of a batch (modules/trading/close-batch.repository.ts). A close's rows are written only if its
-- position's update matched (position_id IN u): the position still has the row version (xmin) the close was
-- decided on. So each close is all or nothing on its own, and a position changed since it was read is left
-- alone, for that close to be made by itself under the row's lock. Answers the positions it closed.
CREATE FUNCTION close_batch_write(positions_json jsonb, orders_json jsonb, entries_json jsonb, postings_json jsonb,
                                  keys_json jsonb) RETURNS SETOF bigint LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY
  WITH
    u AS (
      UPDATE positions AS p
      SET quantity = x.quantity, closed_quantity = x.closed_quantity, close_price = x.close_price, margin = x.margin,
          realized_pnl = x.realized_pnl, status = x.status, updated_at = x.updated_at
      FROM jsonb_to_recordset(positions_json) AS x(id bigint, version text, quantity bigint, closed_quantity bigint, close_price numeric,
        margin bigint, realized_pnl bigint, status text, updated_at timestamptz)
      WHERE p.id = x.id AND p.xmin = x.version::xid
      RETURNING p.id),
    o AS (
      INSERT INTO orders (id, user_id, source, stock_code, direction, order_type, open_close, status, quantity, leverage, fill_price,
                          fee, margin, profit, currency, wallet_type, position_id, follow_id, reason, created_at, updated_at)
      SELECT id, user_id, source, stock_code, direction, order_type, open_close, status, quantity, leverage, fill_price,
             fee, margin, profit, currency, wallet_type, position_id, follow_id, reason, created_at, created_at
      FROM jsonb_to_recordset(orders_json) AS x(id bigint, user_id bigint, source smallint, stock_code text, direction smallint,
        order_type smallint, open_close smallint, status smallint, quantity bigint, leverage integer, fill_price numeric, fee bigint,
        margin bigint, profit bigint, currency text, wallet_type text, position_id bigint, follow_id bigint, reason text,
        created_at timestamptz)
      WHERE x.position_id IN (SELECT id FROM u)
      RETURNING 1),
    e AS (
      INSERT INTO journal_entries (id, kind, user_id, reference_type, reference_id, memo, memo_key, memo_params, created_at)
      SELECT id, kind, user_id, 'order', reference_id, memo, memo_key, memo_params::jsonb, created_at
      FROM jsonb_to_recordset(entries_json) AS x(id bigint, kind text, user_id bigint, reference_id bigint, memo text, memo_key text,
        memo_params text, created_at timestamptz, position_id bigint)
      WHERE x.position_id IN (SELECT id FROM u)
      RETURNING 1),
    t AS (
      INSERT INTO postings (entry_id, account_id, currency, amount, created_at)
      SELECT entry_id, account_id, currency, amount, created_at
      FROM jsonb_to_recordset(postings_json) AS x(entry_id bigint, account_id bigint, currency text, amount bigint, created_at timestamptz,
        position_id bigint)
      WHERE x.position_id IN (SELECT id FROM u)
      ORDER BY account_id, entry_id
      RETURNING 1),
    k AS (
      INSERT INTO idempotency_keys (user_id, key, request_hash, response, created_at)
      SELECT user_id, key, request_hash, response, created_at
      FROM jsonb_to_recordset(keys_json) AS x(user_id bigint, key text, request_hash text, response jsonb, created_at timestamptz,
        position_id bigint)
      WHERE x.position_id IN (SELECT id FROM u)
      RETURNING 1)
  SELECT u.id FROM u;
END $$;
