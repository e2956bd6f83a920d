-- Issue 20: the account value chart. One snapshot per user and New York trading day, taken by a
-- singleton on the leader (modules/equity). The value is the account's total as Account shows it
-- (wallets plus open positions' margin and floating profit, each part converted to USD with
-- valueInMinor and summed as integers); net_deposits is the running total of the user's external
-- money flows (deposits minus withdrawals, corrections included) in USD minor units at the
-- snapshot's rates. A snapshot taken before that day's 16:00 New York close (the leader started
-- mid-day) is provisional and is replaced once by the one at the close; from then on it is final.
CREATE TABLE equity_snapshots (
  user_id       BIGINT      NOT NULL REFERENCES users(id),
  day           DATE        NOT NULL,
  currency      TEXT        NOT NULL DEFAULT 'USD' CHECK (currency = 'USD'),
  value         BIGINT      NOT NULL,
  net_deposits  BIGINT      NOT NULL,
  -- True when taken at or after the day's close: never replaced again.
  final         BOOLEAN     NOT NULL,
  taken_at      TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (user_id, day)
);
