-- Issue 18: a position near liquidation gets one inbox notice per approach. A row is the fact that
-- the notice was sent, and at which margin: the engine deletes it when the position moves back out,
-- and a position whose margin differs from the row's (margin was added) is armed again. It is kept
-- in the database so that a restart or another leader does not send the notice a second time.
CREATE TABLE near_liquidation_notices (
  position_id  BIGINT        PRIMARY KEY REFERENCES positions(id) ON DELETE CASCADE,
  -- The position's margin (minor units) when the notice was sent.
  margin       BIGINT        NOT NULL,
  -- Its margin ratio then, in percent (contract marginRatio).
  margin_ratio NUMERIC(8, 2) NOT NULL,
  notified_at  TIMESTAMPTZ   NOT NULL
);
