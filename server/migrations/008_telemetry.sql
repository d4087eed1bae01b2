-- Field reports (issue 38 item 2; docs/telemetry.md): one row per beacon, appended, never updated; a
-- view's figures are those of its beacon with the highest `seq`. No address, no user agent, no user:
-- only the report's fields and when it arrived. Rows older than TELEMETRY_RETENTION_DAYS are deleted
-- (server/telemetry/retention.ts).
CREATE TABLE telemetry_reports (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now(),
  route text NOT NULL,
  release text NOT NULL,
  client text NOT NULL,
  os text NOT NULL,
  app_version text,
  engine text NOT NULL,
  engine_major integer,
  sample real NOT NULL,
  view text NOT NULL,
  seq integer NOT NULL,
  final boolean NOT NULL,
  nav text NOT NULL,
  ready double precision,
  audio_tried boolean NOT NULL,
  ttfb double precision,
  fcp double precision,
  lcp double precision,
  inp double precision,
  cls double precision,
  -- Derived once on arrival from `problems` (docs/telemetry.md "Problems"), so health counts a column.
  has_error boolean NOT NULL,
  has_audio_failure boolean NOT NULL,
  problems jsonb NOT NULL,
  dropped integer NOT NULL
);
-- Release health reads a window of time, for every route or one: a range scan on either index.
-- Retention deletes the oldest first through the first.
CREATE INDEX telemetry_reports_received_idx ON telemetry_reports (received_at);
CREATE INDEX telemetry_reports_route_received_idx ON telemetry_reports (route, received_at);
