-- Issue 22: 0038 meant close_batch_write to fetch its positions by primary key, but PL/pgSQL plans the statement
-- once per connection and keeps that plan. A connection opened on a new database (the bench's, a fresh install's,
-- PGlite's one connection) planned it while positions had a few pages, chose a sequential scan for
-- `id = ANY (...)`, and kept scanning the whole table as it grew: 1.45 ms per close batch over a 10 s bench run
-- (pg_stat_statements), most of it that scan. Without sequential scans the plan is the primary-key probe whatever
-- the table's size when planned: 0.94 ms. The statement reads positions only by key, and the triggers its inserts
-- fire (planned under the same setting when a close batch runs them first) each look up rows by an index.
ALTER FUNCTION close_batch_write(jsonb, jsonb, jsonb, jsonb, jsonb) SET enable_seqscan = off;
