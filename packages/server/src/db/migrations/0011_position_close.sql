-- What a closed position's history shows: how much was closed and at what price last.
ALTER TABLE positions ADD COLUMN closed_quantity BIGINT NOT NULL DEFAULT 0 CHECK (closed_quantity >= 0);
ALTER TABLE positions ADD COLUMN close_price DOUBLE PRECISION;
