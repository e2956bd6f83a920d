-- The brokerage engine (DESIGN §5): orders, positions, trading permission, and the inbox messages it sends.

ALTER TABLE users ADD COLUMN trade_permission SMALLINT NOT NULL DEFAULT 0 CHECK (trade_permission IN (0, 1, 2, 3));

CREATE TABLE positions (
  id              BIGSERIAL   PRIMARY KEY,
  user_id         BIGINT      NOT NULL REFERENCES users(id),
  source          SMALLINT    NOT NULL,
  stock_code      TEXT        NOT NULL,
  contract        TEXT,
  direction       SMALLINT    NOT NULL CHECK (direction IN (0, 1)),
  quantity        BIGINT      NOT NULL CHECK (quantity >= 0),
  open_price      DOUBLE PRECISION NOT NULL CHECK (open_price > 0),
  multiplier      DOUBLE PRECISION NOT NULL CHECK (multiplier > 0),
  leverage        INTEGER     NOT NULL CHECK (leverage >= 1),
  wallet_type     TEXT        NOT NULL,
  currency        TEXT        NOT NULL,
  margin          BIGINT      NOT NULL CHECK (margin >= 0),
  realized_pnl    BIGINT      NOT NULL DEFAULT 0,
  status          TEXT        NOT NULL CHECK (status IN ('open', 'closed', 'liquidated', 'expired')),
  expires_at      TIMESTAMPTZ,
  created_at      TIMESTAMPTZ NOT NULL,
  updated_at      TIMESTAMPTZ NOT NULL,
  CHECK ((status = 'open') = (quantity > 0))
);
CREATE INDEX positions_user_idx ON positions (user_id, status, id DESC);
CREATE INDEX positions_open_symbol_idx ON positions (source, stock_code) WHERE status = 'open';

CREATE TABLE orders (
  id              BIGSERIAL   PRIMARY KEY,
  user_id         BIGINT      NOT NULL REFERENCES users(id),
  source          SMALLINT    NOT NULL,
  stock_code      TEXT        NOT NULL,
  direction       SMALLINT    NOT NULL CHECK (direction IN (0, 1)),
  order_type      SMALLINT    NOT NULL CHECK (order_type IN (0, 1)),
  open_close      SMALLINT    NOT NULL CHECK (open_close IN (0, 1)),
  status          SMALLINT    NOT NULL CHECK (status IN (0, 1, 2, 3)),
  price           DOUBLE PRECISION,
  quantity        BIGINT      NOT NULL CHECK (quantity > 0),
  leverage        INTEGER     NOT NULL CHECK (leverage >= 1),
  fill_price      DOUBLE PRECISION,
  fee             BIGINT      NOT NULL DEFAULT 0,
  margin          BIGINT      NOT NULL DEFAULT 0,
  profit          BIGINT,
  currency        TEXT        NOT NULL,
  wallet_type     TEXT        NOT NULL,
  position_id     BIGINT      REFERENCES positions(id),
  hold_id         BIGINT      REFERENCES holds(id),
  reason          TEXT        NOT NULL DEFAULT 'user' CHECK (reason IN ('user', 'liquidation', 'expiry')),
  created_at      TIMESTAMPTZ NOT NULL,
  updated_at      TIMESTAMPTZ NOT NULL,
  CHECK (order_type = 0 OR price IS NOT NULL)
);
CREATE INDEX orders_user_idx ON orders (user_id, id DESC);
CREATE INDEX orders_resting_idx ON orders (source, stock_code) WHERE status = 0 AND order_type = 1;

CREATE TABLE user_messages (
  id          BIGSERIAL   PRIMARY KEY,
  user_id     BIGINT      NOT NULL REFERENCES users(id),
  title       TEXT        NOT NULL,
  body        TEXT        NOT NULL,
  is_read     BOOLEAN     NOT NULL DEFAULT false,
  created_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX user_messages_user_idx ON user_messages (user_id, id DESC);
