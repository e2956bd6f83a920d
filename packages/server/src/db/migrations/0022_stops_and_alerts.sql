-- Issue 11: stop and stop-limit orders, take-profit / stop-loss on positions, and price alerts.

-- Order types: 0 market, 1 limit, 2 stop (a market order once the trigger is reached), 3 stop-limit
-- (a resting limit order once the trigger is reached). A stop order has a trigger and no limit price.
ALTER TABLE orders DROP CONSTRAINT orders_order_type_check;
ALTER TABLE orders ADD CONSTRAINT orders_order_type_check CHECK (order_type IN (0, 1, 2, 3));
ALTER TABLE orders DROP CONSTRAINT orders_check;
ALTER TABLE orders ADD CONSTRAINT orders_check CHECK (order_type IN (0, 2) OR price IS NOT NULL);
ALTER TABLE orders ADD COLUMN trigger_price DOUBLE PRECISION CHECK (trigger_price > 0);
-- When the trigger was reached (a stop-limit then rests as a limit order).
ALTER TABLE orders ADD COLUMN triggered_at TIMESTAMPTZ;
ALTER TABLE orders ADD CONSTRAINT orders_trigger_check CHECK ((order_type IN (2, 3)) = (trigger_price IS NOT NULL));
ALTER TABLE orders DROP CONSTRAINT orders_reason_check;
ALTER TABLE orders ADD CONSTRAINT orders_reason_check
  CHECK (reason IN ('user', 'liquidation', 'expiry', 'take_profit', 'stop_loss'));
CREATE INDEX orders_resting_stop_idx ON orders (source, stock_code) WHERE status = 0 AND order_type IN (2, 3);

-- Take-profit and stop-loss prices of an open position (either may be unset).
ALTER TABLE positions ADD COLUMN take_profit DOUBLE PRECISION CHECK (take_profit > 0);
ALTER TABLE positions ADD COLUMN stop_loss DOUBLE PRECISION CHECK (stop_loss > 0);

-- A price alert fires once (active → triggered) when the instrument's last price reaches the target.
CREATE TABLE price_alerts (
  id             BIGSERIAL   PRIMARY KEY,
  user_id        BIGINT      NOT NULL REFERENCES users(id),
  source         SMALLINT    NOT NULL,
  stock_code     TEXT        NOT NULL,
  -- 'price': the user named the target; 'percent': the target is base × (1 + percent / 100).
  kind           TEXT        NOT NULL CHECK (kind IN ('price', 'percent')),
  direction      TEXT        NOT NULL CHECK (direction IN ('above', 'below')),
  target_price   DOUBLE PRECISION NOT NULL CHECK (target_price > 0),
  -- The last price when the alert was set.
  base_price     DOUBLE PRECISION NOT NULL CHECK (base_price > 0),
  percent        DOUBLE PRECISION,
  -- The language the inbox message is written in (the one the alert was set in).
  locale         TEXT        NOT NULL,
  status         TEXT        NOT NULL CHECK (status IN ('active', 'triggered')),
  triggered_at   TIMESTAMPTZ,
  triggered_price DOUBLE PRECISION,
  created_at     TIMESTAMPTZ NOT NULL,
  CHECK ((kind = 'percent') = (percent IS NOT NULL)),
  CHECK ((status = 'triggered') = (triggered_at IS NOT NULL))
);
CREATE INDEX price_alerts_user_idx ON price_alerts (user_id, id DESC);
CREATE INDEX price_alerts_active_idx ON price_alerts (source, stock_code) WHERE status = 'active';
