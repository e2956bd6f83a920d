-- Block offers the desk publishes: a US stock at a set price, in blocks of at least 10,000 shares.
CREATE TABLE block_offers (
  id                  BIGSERIAL   PRIMARY KEY,
  stock_code          TEXT        NOT NULL,
  price               DOUBLE PRECISION NOT NULL CHECK (price > 0),
  min_quantity        BIGINT      NOT NULL CHECK (min_quantity >= 10000),
  remaining_quantity  BIGINT      NOT NULL CHECK (remaining_quantity >= 0),
  ends_at             TIMESTAMPTZ NOT NULL,
  created_by          BIGINT      NOT NULL REFERENCES users(id),
  created_at          TIMESTAMPTZ NOT NULL
);
