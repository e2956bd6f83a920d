-- Issue 20 (the desk): a user may cancel a pending withdrawal (status 4, its hold voided);
-- block offers can be withdrawn by staff, are seeded once for a fresh install (demo_key), and
-- record who took them (block_offer_takes), so the back office sees its takers.
ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_status_check;
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_status_check CHECK (status IN (1, 2, 3, 4));
ALTER TABLE withdrawals ADD COLUMN cancelled_at TIMESTAMPTZ;

ALTER TABLE block_offers ALTER COLUMN created_by DROP NOT NULL;
ALTER TABLE block_offers ADD COLUMN withdrawn_at TIMESTAMPTZ;
ALTER TABLE block_offers ADD COLUMN updated_at TIMESTAMPTZ;
ALTER TABLE block_offers ADD COLUMN demo_key TEXT UNIQUE;

CREATE TABLE block_offer_takes (
  offer_id    BIGINT      NOT NULL REFERENCES block_offers(id),
  order_id    BIGINT      NOT NULL REFERENCES orders(id),
  user_id     BIGINT      NOT NULL REFERENCES users(id),
  quantity    BIGINT      NOT NULL CHECK (quantity > 0),
  created_at  TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (offer_id, order_id)
);
CREATE INDEX block_offer_takes_user_idx ON block_offer_takes (user_id);
