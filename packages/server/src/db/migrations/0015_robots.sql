-- Quant robots (issue 6): a robot's parameters, budget and trading status, and the link from each
-- step it decided to the ordinary order that carried it out (the trading tables stay untouched).

CREATE TABLE robots (
  id           BIGSERIAL   PRIMARY KEY,
  user_id      BIGINT      NOT NULL REFERENCES users(id),
  strategy     TEXT        NOT NULL CHECK (strategy IN ('grid', 'dca', 'ma')),
  source       SMALLINT    NOT NULL,
  stock_code   TEXT        NOT NULL,
  params       JSONB       NOT NULL,
  amount       BIGINT      NOT NULL CHECK (amount > 0),
  currency     TEXT        NOT NULL,
  wallet_type  TEXT        NOT NULL,
  status       TEXT        NOT NULL CHECK (status IN ('running', 'paused', 'stopped')),
  -- The strategy's own memory (last price seen, last bar, last buy); holdings come from the fills.
  state        JSONB       NOT NULL,
  -- The number of steps decided so far: step n carries the idempotency key robot-<id>-<n>.
  seq          INTEGER     NOT NULL DEFAULT 0 CHECK (seq >= 0),
  created_at   TIMESTAMPTZ NOT NULL,
  updated_at   TIMESTAMPTZ NOT NULL,
  stopped_at   TIMESTAMPTZ,
  CHECK ((status = 'stopped') = (stopped_at IS NOT NULL))
);
CREATE INDEX robots_user_idx ON robots (user_id, id DESC);
CREATE INDEX robots_running_idx ON robots (source, stock_code) WHERE status = 'running';

CREATE TABLE robot_orders (
  id           BIGSERIAL   PRIMARY KEY,
  robot_id     BIGINT      NOT NULL REFERENCES robots(id),
  seq          INTEGER     NOT NULL CHECK (seq >= 1),
  side         TEXT        NOT NULL CHECK (side IN ('buy', 'sell')),
  -- The grid line a buy belongs to (a sell closes that line's buy); 0 for the other strategies.
  slot         INTEGER     NOT NULL DEFAULT 0,
  quantity     BIGINT      NOT NULL CHECK (quantity > 0),
  -- For a sell: the position it closes.
  position_id  BIGINT      REFERENCES positions(id),
  -- The budget a pending buy holds back until its fill says what it cost.
  reserved     BIGINT      NOT NULL DEFAULT 0 CHECK (reserved >= 0),
  status       TEXT        NOT NULL CHECK (status IN ('pending', 'filled', 'failed')),
  order_id     BIGINT      UNIQUE REFERENCES orders(id),
  error        TEXT,
  created_at   TIMESTAMPTZ NOT NULL,
  updated_at   TIMESTAMPTZ NOT NULL,
  UNIQUE (robot_id, seq),
  CHECK ((status = 'filled') = (order_id IS NOT NULL))
);
CREATE INDEX robot_orders_pending_idx ON robot_orders (robot_id) WHERE status = 'pending';
