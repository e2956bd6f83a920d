-- Follow orders (SPEC §4, §5; DESIGN §5): investment agencies publish a model portfolio of US
-- stocks; a user's follow buys it as real positions for the agency's term, which nobody but the
-- term end sells.

CREATE TABLE invest_agencies (
  id          BIGSERIAL   PRIMARY KEY,
  -- Set only on the demo agencies seeded at start, so seeding is idempotent (and survives renames).
  seed_key    TEXT        UNIQUE,
  name        TEXT        NOT NULL CHECK (char_length(name) BETWEEN 1 AND 50),
  strategy    TEXT        NOT NULL CHECK (char_length(strategy) BETWEEN 1 AND 1000),
  -- Subscription fee in basis points of the amount (0–10 %).
  fee_bps     INTEGER     NOT NULL CHECK (fee_bps BETWEEN 0 AND 1000),
  term_days   INTEGER     NOT NULL CHECK (term_days BETWEEN 1 AND 3650),
  active      BOOLEAN     NOT NULL DEFAULT true,
  created_at  TIMESTAMPTZ NOT NULL,
  updated_at  TIMESTAMPTZ NOT NULL
);

-- The model portfolio: weights in basis points; the service keeps each agency's sum at 10,000.
CREATE TABLE invest_agency_holdings (
  agency_id   BIGINT      NOT NULL REFERENCES invest_agencies(id) ON DELETE CASCADE,
  stock_code  TEXT        NOT NULL,
  weight_bps  INTEGER     NOT NULL CHECK (weight_bps BETWEEN 1 AND 10000),
  PRIMARY KEY (agency_id, stock_code)
);

CREATE TABLE follows (
  id            BIGSERIAL   PRIMARY KEY,
  user_id       BIGINT      NOT NULL REFERENCES users(id),
  agency_id     BIGINT      NOT NULL REFERENCES invest_agencies(id),
  status        TEXT        NOT NULL CHECK (status IN ('waiting_confirmation', 'waiting_subscription', 'subscribed', 'ended', 'rejected')),
  -- USD minor units: 100 to 1,000,000.
  amount        BIGINT      NOT NULL CHECK (amount BETWEEN 10000 AND 100000000),
  -- The terms and the portfolio ([{stockCode, weightBps}]) the user agreed to when placing it.
  fee_bps       INTEGER     NOT NULL CHECK (fee_bps BETWEEN 0 AND 1000),
  term_days     INTEGER     NOT NULL CHECK (term_days BETWEEN 1 AND 3650),
  portfolio     JSONB       NOT NULL,
  -- The amount is frozen in the FOLLOW wallet until the portfolio is bought or the follow rejected.
  hold_id       BIGINT      NOT NULL REFERENCES holds(id),
  fee           BIGINT      NOT NULL DEFAULT 0 CHECK (fee >= 0),
  invested      BIGINT      NOT NULL DEFAULT 0 CHECK (invested >= 0),
  proceeds      BIGINT      CHECK (proceeds >= 0),
  reason        TEXT,
  created_at    TIMESTAMPTZ NOT NULL,
  confirmed_at  TIMESTAMPTZ,
  subscribed_at TIMESTAMPTZ,
  ends_at       TIMESTAMPTZ,
  settled_at    TIMESTAMPTZ,
  CHECK (fee + invested <= amount),
  CHECK ((status IN ('subscribed', 'ended')) = (subscribed_at IS NOT NULL AND ends_at IS NOT NULL)),
  CHECK ((status = 'ended') = (proceeds IS NOT NULL AND settled_at IS NOT NULL))
);
CREATE INDEX follows_user_idx ON follows (user_id, id DESC);
CREATE INDEX follows_due_idx ON follows (status, ends_at) WHERE status IN ('waiting_confirmation', 'waiting_subscription', 'subscribed');

-- A follow's positions and the orders that opened and closed them belong to it: the user cannot
-- sell them, and the ordinary position and order lists leave them to the follow's own page.
ALTER TABLE positions ADD COLUMN follow_id BIGINT REFERENCES follows(id);
ALTER TABLE orders ADD COLUMN follow_id BIGINT REFERENCES follows(id);
CREATE INDEX positions_follow_idx ON positions (follow_id) WHERE follow_id IS NOT NULL;
CREATE INDEX orders_follow_idx ON orders (follow_id) WHERE follow_id IS NOT NULL;
