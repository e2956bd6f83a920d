-- Issue 22: the engine asks every second for the open positions whose futures contract has expired
-- (trading.repository.ts, expiredPositionIds), and positions had no index on expires_at: each second read the whole
-- table, closed positions included. In a 10 s order bench that was 2.2 ms per call and growing with every position
-- ever opened (pg_stat_statements). Only futures positions expire, so the index holds only them, as
-- orders_resting_expiry (0031) does for resting orders; a stock position's insert only tests the predicate.
CREATE INDEX positions_open_expiry ON positions (expires_at) WHERE status = 'open' AND expires_at IS NOT NULL;
