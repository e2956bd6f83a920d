-- Issue 22: a flush rewrote the whole jsonb array of each bucket ticks had changed, every 15 s. An all-day 5m bucket
-- holds up to 288 bars (~18 KB stored), so a flush of ~3,300 buckets rewrote ~22 MB: 1.0-1.5 s of PGlite's time on
-- the event loop, in stalls of ~200 ms. A bucket is now written whole into price_bars once, the first time; the bars
-- later flushes change go here, one small row per bar. Once its series has moved on to the next bucket, its rows here
-- are folded into its price_bars row and deleted, in one statement. A start lays these rows over the stored bucket.
CREATE TABLE price_bar_tails (
  instrument_key  TEXT    NOT NULL,
  interval        TEXT    NOT NULL CHECK (interval IN ('1m', '5m', '30m', '1d')),
  bucket          TEXT    NOT NULL,
  t               BIGINT  NOT NULL,
  bar             JSONB   NOT NULL,
  PRIMARY KEY (instrument_key, interval, bucket, t)
);
