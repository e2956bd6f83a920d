-- Issue 24: a year of generated market history is no longer stored (29,408 buckets on a first start, read back page
-- by page at every start, grew PGlite's heap for good). Each instrument's history is generated again at each start
-- from the market seed and the instant its first generation ended, kept here; price_bars then holds only the buckets
-- that live ticks (the simulator's or a real provider's) changed, laid over the generated series on start.
-- A database from before this migration has no anchors: its instruments keep the whole stored history they have.
CREATE TABLE market_history_anchors (
  instrument_key TEXT PRIMARY KEY,
  generated_until TIMESTAMPTZ NOT NULL
);
