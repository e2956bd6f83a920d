-- Articles about instruments: each row tags one article with one instrument code of the catalog, so a
-- quote page lists the news about its instrument. The code is checked against the instrument master
-- when the back office saves (the master is data files, not a table); `position` keeps the editor's order.

CREATE TABLE article_instruments (
  article_id  BIGINT   NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
  code        TEXT     NOT NULL CHECK (code ~ '^[A-Z0-9.^=-]{1,20}$'),
  position    SMALLINT NOT NULL CHECK (position >= 0),
  PRIMARY KEY (article_id, code)
);
CREATE INDEX article_instruments_code_idx ON article_instruments (code, article_id);

-- The demo news a database already holds gets the codes a fresh install seeds them with.
INSERT INTO article_instruments (article_id, code, position)
SELECT a.id, t.code, t.position
FROM articles a
JOIN (VALUES
  ('demo-news-fed', 'SPY', 0), ('demo-news-fed', 'QQQ', 1), ('demo-news-fed', 'AAPL', 2), ('demo-news-fed', 'MSFT', 3),
  ('demo-news-fed', 'EURUSD', 4), ('demo-news-fed', 'USDJPY', 5),
  ('demo-news-chips', 'NVDA', 0), ('demo-news-chips', 'AMD', 1), ('demo-news-chips', 'TSM', 2),
  ('demo-news-taiwan-odd-lots', '2330', 0),
  ('demo-news-commodities', 'GC', 0), ('demo-news-commodities', 'SI', 1), ('demo-news-commodities', 'BZ', 2)
) AS t(demo_key, code, position) ON a.demo_key = t.demo_key
ON CONFLICT DO NOTHING;
