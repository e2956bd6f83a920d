-- Issue 18 (4): take-profit and stop-loss asked at order entry, kept on the order while it rests and
-- set on the position in the transaction that fills it; a futures order names its contract month.
-- New price columns are exact (NUMERIC), as issue 18 (1) makes every price column.
ALTER TABLE orders ADD COLUMN take_profit NUMERIC(20, 8) CHECK (take_profit > 0);
ALTER TABLE orders ADD COLUMN stop_loss NUMERIC(20, 8) CHECK (stop_loss > 0);
-- The contract month of a futures order (e.g. ZCH27); positions have carried theirs since 0004.
ALTER TABLE orders ADD COLUMN contract TEXT;
