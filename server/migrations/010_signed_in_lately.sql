-- The tokens that signed in lately, shared by every instance (issue 48 item 6; server/rate-limit/
-- signed-in-lately.ts): an address past its refused sign-ins (`rate_limits`) is refused at once, but
-- for a token that signed in lately through any instance, so a flood of bogus tokens from behind a
-- user's NAT does not lock them out. A row is the SHA-256 of a token (never the token) and when it is
-- forgotten; written at most once a minute per token and instance, read only for an address over its
-- limit, deleted once expired (with the counters). UNLOGGED, as `rate_limits`: a crash that empties it
-- only makes a user behind a flood wait for the flood's window, as before.
CREATE UNLOGGED TABLE signed_in_lately (
  token_hash text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX signed_in_lately_expires_idx ON signed_in_lately (expires_at);
