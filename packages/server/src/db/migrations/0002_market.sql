-- Market data bars (bucketed JSON, one row per instrument, interval and hour or month) and watchlists.

CREATE TABLE price_bars (
  instrument_key  TEXT        NOT NULL,
  interval        TEXT        NOT NULL CHECK (interval IN ('1m', '5m', '30m', '1d')),
  bucket          TEXT        NOT NULL,
  bars            JSONB       NOT NULL,
  updated_at      TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (instrument_key, interval, bucket)
);

CREATE TABLE watchlist_items (
  id              BIGSERIAL   PRIMARY KEY,
  user_id         BIGINT      NOT NULL REFERENCES users(id),
  source          SMALLINT    NOT NULL CHECK (source IN (0, 2, 3, 7, 99)),
  stock_code      TEXT        NOT NULL CHECK (char_length(stock_code) BETWEEN 1 AND 20),
  sort            INTEGER     NOT NULL,
  created_at      TIMESTAMPTZ NOT NULL,
  UNIQUE (user_id, source, stock_code)
);
CREATE INDEX watchlist_items_user_sort_idx ON watchlist_items (user_id, sort);
