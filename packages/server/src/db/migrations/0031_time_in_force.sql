-- Issue 20: time in force of limit, stop and stop-limit orders. DAY expires at the close of the
-- instrument's session it was placed in, GTC when GTC_MAX_DAYS have passed; `expires_at` is that
-- instant, computed at placement. A market or closing order has neither. Orders resting before
-- this release were good till cancelled with no end, and stay so (GTC, no expiry).
ALTER TABLE orders ADD COLUMN time_in_force TEXT CHECK (time_in_force IN ('DAY', 'GTC'));
ALTER TABLE orders ADD COLUMN expires_at TIMESTAMPTZ;
-- When the expiry sweep cancelled the order (its hold voided in the same transaction).
ALTER TABLE orders ADD COLUMN expired_at TIMESTAMPTZ;
ALTER TABLE orders ADD CONSTRAINT orders_expired_is_cancelled CHECK (expired_at IS NULL OR status = 2);
UPDATE orders SET time_in_force = 'GTC' WHERE order_type IN (1, 2, 3) AND open_close = 0;
-- The leader's sweep asks for resting orders whose time is up, once a second.
CREATE INDEX orders_resting_expiry ON orders (expires_at) WHERE status = 0 AND expires_at IS NOT NULL;
