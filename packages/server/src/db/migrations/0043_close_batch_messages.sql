-- Issue 22: the engine's closes (liquidation, expiry, take-profit, stop-loss) go through the close batcher too. A
-- price that crosses a thousand stop-losses closed them one transaction each, 290 a second on PostgreSQL: the last
-- closed 3.4 s after the tick, at whatever the price had become by then. Those closes tell their owner in the
-- inbox, in the same commit as the close, so the batch statement now writes the closes' messages as well: a message
-- row is written only if its position's update matched, like the close's other rows. Everything else is as in 0038,
-- with 0041's setting.
DROP FUNCTION close_batch_write(jsonb, jsonb, jsonb, jsonb, jsonb);

CREATE FUNCTION close_batch_write(positions_json jsonb, orders_json jsonb, entries_json jsonb, postings_json jsonb,
                                  keys_json jsonb, messages_json jsonb) RETURNS SETOF bigint LANGUAGE plpgsql
SET enable_seqscan = off AS $$
BEGIN
  RETURN QUERY
  WITH
    u AS (
      UPDATE positions AS p
      SET quantity = x.quantity, closed_quantity = x.closed_quantity, close_price = x.close_price, margin = x.margin,
          realized_pnl = x.realized_pnl, status = x.status, updated_at = x.updated_at
      FROM jsonb_to_recordset(positions_json) AS x(id bigint, version text, quantity bigint, closed_quantity bigint, close_price numeric,
        margin bigint, realized_pnl bigint, status text, updated_at timestamptz)
      WHERE p.id = ANY (ARRAY(SELECT (item ->> 'id')::bigint FROM jsonb_array_elements(positions_json) AS item))
        AND p.id = x.id AND p.xmin = x.version::xid
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
      RETURNING 1),
    m AS (
      INSERT INTO user_messages (id, user_id, title, body, is_read, created_at, title_key, body_key, text_params)
      SELECT id, user_id, title, body, false, created_at, title_key, body_key, text_params
      FROM jsonb_to_recordset(messages_json) AS x(id bigint, user_id bigint, title text, body text, created_at timestamptz,
        title_key text, body_key text, text_params jsonb, position_id bigint)
      WHERE x.position_id IN (SELECT id FROM u)
      RETURNING 1)
  SELECT u.id FROM u;
END $$;
