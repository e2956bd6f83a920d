-- New-share (IPO) subscriptions, asset source 5 (DESIGN §5: freeze → allotment → listing or refund).
-- An offering is of a US stock in the instrument master, priced in cents. Users subscribe whole lots
-- with funds frozen (a hold) in their SUBSCRIPTION wallet; after the purchase end a seeded lottery
-- allots the lots, and at the listing date the allotted shares become an ordinary stock position.

CREATE TABLE ipo_offerings (
  id                  BIGSERIAL   PRIMARY KEY,
  stock_code          TEXT        NOT NULL,
  name                TEXT        NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  currency            TEXT        NOT NULL DEFAULT 'USD' CHECK (currency = 'USD'),
  price_minor         BIGINT      NOT NULL CHECK (price_minor > 0),
  lot_size            INTEGER     NOT NULL CHECK (lot_size > 0),
  shares_offered      BIGINT      NOT NULL CHECK (shares_offered > 0),
  prospectus_at       TIMESTAMPTZ NOT NULL,
  purchase_start_at   TIMESTAMPTZ NOT NULL,
  purchase_end_at     TIMESTAMPTZ NOT NULL,
  list_at             TIMESTAMPTZ NOT NULL,
  -- The lottery's seed, drawn at random when the offering is created. Only its SHA-256 is shown until
  -- the allotment (commit, then reveal), so nobody can pick a seed once the demand is known.
  seed                TEXT        NOT NULL CHECK (seed ~ '^[0-9a-f]{64}$'),
  -- Filled once, by the allotment: the demand it met, what it gave, a digest of the draw.
  demand_lots         BIGINT,
  allotted_lots       BIGINT,
  draw_digest         TEXT,
  allotted_at         TIMESTAMPTZ,
  listed_at           TIMESTAMPTZ,
  -- Demo offerings seeded at first start carry a key, so seeding again adds nothing.
  demo_key            TEXT        UNIQUE,
  created_by          BIGINT      REFERENCES users(id),
  created_at          TIMESTAMPTZ NOT NULL,
  updated_at          TIMESTAMPTZ NOT NULL,
  CHECK (shares_offered % lot_size = 0),
  CHECK (prospectus_at <= purchase_start_at AND purchase_start_at < purchase_end_at AND purchase_end_at < list_at),
  -- Never more allotted than offered; listing only after allotment.
  CHECK (allotted_lots IS NULL OR (allotted_lots >= 0 AND allotted_lots <= shares_offered / lot_size)),
  CHECK ((allotted_at IS NULL) = (allotted_lots IS NULL)),
  CHECK (listed_at IS NULL OR allotted_at IS NOT NULL)
);
CREATE INDEX ipo_offerings_due_allot_idx ON ipo_offerings (purchase_end_at) WHERE allotted_at IS NULL;
CREATE INDEX ipo_offerings_due_list_idx ON ipo_offerings (list_at) WHERE allotted_at IS NOT NULL AND listed_at IS NULL;

CREATE TABLE ipo_subscriptions (
  id              BIGSERIAL   PRIMARY KEY,
  offering_id     BIGINT      NOT NULL REFERENCES ipo_offerings(id),
  user_id         BIGINT      NOT NULL REFERENCES users(id),
  lots            BIGINT      NOT NULL CHECK (lots > 0),
  -- Frozen at subscription: shares × offer price, in cents.
  amount_minor    BIGINT      NOT NULL CHECK (amount_minor > 0),
  hold_id         BIGINT      NOT NULL REFERENCES holds(id),
  status          SMALLINT    NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
  allotted_lots   BIGINT      NOT NULL DEFAULT 0 CHECK (allotted_lots >= 0 AND allotted_lots <= lots),
  -- What the allotment took: the allotted shares at the offer price; the rest was refunded.
  paid_minor      BIGINT      NOT NULL DEFAULT 0 CHECK (paid_minor >= 0 AND paid_minor <= amount_minor),
  position_id     BIGINT      REFERENCES positions(id),
  created_at      TIMESTAMPTZ NOT NULL,
  allotted_at     TIMESTAMPTZ,
  listed_at       TIMESTAMPTZ,
  -- One application per user and offering, as exchanges require.
  UNIQUE (offering_id, user_id),
  CHECK ((status = 0) = (allotted_at IS NULL)),
  CHECK (status <> 2 OR allotted_lots = 0),
  CHECK (status <> 1 OR allotted_lots > 0),
  CHECK (listed_at IS NULL OR (status = 1 AND position_id IS NOT NULL))
);
CREATE INDEX ipo_subscriptions_user_idx ON ipo_subscriptions (user_id, id DESC);
CREATE INDEX ipo_subscriptions_offering_idx ON ipo_subscriptions (offering_id, id);

-- The allotment, line by line, so it can be audited and replayed from the offering's seed: each
-- subscription's lottery tickets (one per lot, numbered in subscription order) and what it got.
CREATE TABLE ipo_allotments (
  offering_id      BIGINT NOT NULL REFERENCES ipo_offerings(id),
  subscription_id  BIGINT NOT NULL REFERENCES ipo_subscriptions(id),
  user_id          BIGINT NOT NULL REFERENCES users(id),
  requested_lots   BIGINT NOT NULL CHECK (requested_lots > 0),
  allotted_lots    BIGINT NOT NULL CHECK (allotted_lots >= 0 AND allotted_lots <= requested_lots),
  ticket_from      BIGINT NOT NULL CHECK (ticket_from >= 0),
  ticket_to        BIGINT NOT NULL CHECK (ticket_to >= ticket_from),
  first_draw       BIGINT CHECK (first_draw >= 1),
  PRIMARY KEY (offering_id, subscription_id)
);
CREATE TRIGGER ipo_allotments_append_only BEFORE UPDATE OR DELETE ON ipo_allotments
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
