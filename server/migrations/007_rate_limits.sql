-- Rate limits every instance shares (issue 40 item 4; server/rate-limit/). One counter per key and
-- window; a key is an HMAC of what it counts (a user, a client address) under `rate_limit_secret`,
-- so no address is kept in clear, and each row goes once its window is over. UNLOGGED: counters
-- are worth no write-ahead log, and a crash that empties them only forgives a minute of requests.
CREATE UNLOGGED TABLE rate_limits (
  key text PRIMARY KEY,
  count integer NOT NULL,
  resets_at timestamptz NOT NULL
);
CREATE INDEX rate_limits_resets_idx ON rate_limits (resets_at);

-- The one secret of the keys' HMAC, made once per database so every instance computes the same keys.
CREATE TABLE rate_limit_secret (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  secret text NOT NULL
);
INSERT INTO rate_limit_secret (secret) VALUES (replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
