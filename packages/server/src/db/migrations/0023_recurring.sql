-- Issue 11: recurring investment. A plan buys a fixed amount of one instrument at market from its
-- trading wallet every day, week or month; each scheduled run is recorded once (UNIQUE plan, run).

CREATE TABLE recurring_plans (
  id            BIGSERIAL   PRIMARY KEY,
  user_id       BIGINT      NOT NULL REFERENCES users(id),
  source        SMALLINT    NOT NULL,
  stock_code    TEXT        NOT NULL,
  -- Minor units of the trading wallet's currency; a run buys the most whole units margin + fee fit in.
  amount        BIGINT      NOT NULL CHECK (amount > 0),
  currency      TEXT        NOT NULL,
  wallet_type   TEXT        NOT NULL,
  frequency     TEXT        NOT NULL CHECK (frequency IN ('daily', 'weekly', 'monthly')),
  -- Minutes after midnight UTC of the run.
  minute_of_day INTEGER     NOT NULL CHECK (minute_of_day BETWEEN 0 AND 1439),
  -- Weekly: 0 Sunday … 6 Saturday. Monthly: 1–31, the month's last day when it has fewer.
  weekday       SMALLINT    CHECK (weekday BETWEEN 0 AND 6),
  day_of_month  SMALLINT    CHECK (day_of_month BETWEEN 1 AND 31),
  status        TEXT        NOT NULL CHECK (status IN ('active', 'paused', 'cancelled')),
  next_run_at   TIMESTAMPTZ,
  created_at    TIMESTAMPTZ NOT NULL,
  updated_at    TIMESTAMPTZ NOT NULL,
  CHECK ((frequency = 'weekly') = (weekday IS NOT NULL)),
  CHECK ((frequency = 'monthly') = (day_of_month IS NOT NULL)),
  CHECK ((status = 'active') = (next_run_at IS NOT NULL))
);
CREATE INDEX recurring_plans_user_idx ON recurring_plans (user_id, id DESC);
CREATE INDEX recurring_plans_due_idx ON recurring_plans (next_run_at) WHERE status = 'active';

CREATE TABLE recurring_runs (
  id            BIGSERIAL   PRIMARY KEY,
  plan_id       BIGINT      NOT NULL REFERENCES recurring_plans(id),
  -- The scheduled time of the run, as text (2026-02-28T14:30Z): with the plan id, the order's
  -- idempotency key recurring-<planId>-<runDate>, so a run is never placed twice.
  run_date      TEXT        NOT NULL,
  scheduled_at  TIMESTAMPTZ NOT NULL,
  -- pending: claimed, the order not yet known to be placed (a crash here is finished by the next pass).
  status        TEXT        NOT NULL CHECK (status IN ('pending', 'filled', 'skipped')),
  quantity      BIGINT      NOT NULL DEFAULT 0 CHECK (quantity >= 0),
  -- Why a run was skipped: a message key (insufficient funds, market closed, amount too small …).
  reason        TEXT,
  order_id      BIGINT      REFERENCES orders(id),
  created_at    TIMESTAMPTZ NOT NULL,
  updated_at    TIMESTAMPTZ NOT NULL,
  UNIQUE (plan_id, run_date),
  CHECK ((status = 'filled') = (order_id IS NOT NULL)),
  CHECK ((status = 'skipped') = (reason IS NOT NULL))
);
CREATE INDEX recurring_runs_pending_idx ON recurring_runs (plan_id) WHERE status = 'pending';
