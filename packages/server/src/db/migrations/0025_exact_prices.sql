-- Prices, multipliers, rates and percents are stored exactly (DESIGN §3: NUMERIC in the database,
-- big.js in code), no longer as DOUBLE PRECISION. Each value converts through its text form, which
-- PostgreSQL prints as the shortest decimal that reads back as the same double: a price stored as
-- 189.32 becomes exactly 189.32, and reads back as the same JavaScript number. No balance moves:
-- ledger amounts were and stay BIGINT minor units (docs/ledger-and-trading.md, "Exact storage").
--
-- Scales: prices, multipliers and percents NUMERIC(20,8) (12 integer digits, 8 decimals: a forex
-- quote has 5, a futures tick 4, a follow's multiplier 0.0001); conversion rates NUMERIC(30,18)
-- (a TWD→USD rate such as 0.030864197530864196 keeps every digit a double gave it).

ALTER TABLE positions
  ALTER COLUMN open_price TYPE NUMERIC(20, 8) USING open_price::text::numeric,
  ALTER COLUMN multiplier TYPE NUMERIC(20, 8) USING multiplier::text::numeric,
  ALTER COLUMN close_price TYPE NUMERIC(20, 8) USING close_price::text::numeric,
  ALTER COLUMN take_profit TYPE NUMERIC(20, 8) USING take_profit::text::numeric,
  ALTER COLUMN stop_loss TYPE NUMERIC(20, 8) USING stop_loss::text::numeric;

ALTER TABLE orders
  ALTER COLUMN price TYPE NUMERIC(20, 8) USING price::text::numeric,
  ALTER COLUMN fill_price TYPE NUMERIC(20, 8) USING fill_price::text::numeric,
  ALTER COLUMN trigger_price TYPE NUMERIC(20, 8) USING trigger_price::text::numeric;

ALTER TABLE wallet_transfers
  ALTER COLUMN rate TYPE NUMERIC(30, 18) USING rate::text::numeric;

ALTER TABLE price_alerts
  ALTER COLUMN target_price TYPE NUMERIC(20, 8) USING target_price::text::numeric,
  ALTER COLUMN base_price TYPE NUMERIC(20, 8) USING base_price::text::numeric,
  ALTER COLUMN percent TYPE NUMERIC(20, 8) USING percent::text::numeric,
  ALTER COLUMN triggered_price TYPE NUMERIC(20, 8) USING triggered_price::text::numeric;

ALTER TABLE block_offers
  ALTER COLUMN price TYPE NUMERIC(20, 8) USING price::text::numeric;
