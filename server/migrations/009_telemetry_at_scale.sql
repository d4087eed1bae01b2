-- Field reports at scale (issues 45 and 46; docs/telemetry.md "Reading it back", "Who can move a decision",
-- "Bounds"). Release health is read from rollups kept current as reports arrive, never from a scan of the
-- raw reports; the raw reports are partitioned by day, and retention drops whole partitions
-- (server/telemetry/partitions.ts). The histogram columns (`ready_h0` …) are one a bucket of
-- common/telemetry/histogram.ts (server/telemetry/rollup-columns.ts; tests/server/telemetry-schema.test.ts
-- holds them to it). The reports of the old table are fed through the collector's storage path at the
-- first start after this migration (server/telemetry/backfill.ts), then it is dropped.
ALTER TABLE telemetry_reports RENAME TO telemetry_reports_v1;
ALTER INDEX telemetry_reports_received_idx RENAME TO telemetry_reports_v1_received_idx;
ALTER INDEX telemetry_reports_route_received_idx RENAME TO telemetry_reports_v1_route_received_idx;

-- One row per beacon, appended, never updated. A view's figures are those of its beacon with the highest
-- `seq`; `view_at` is when its first beacon arrived (the minute, hour and day it counts in); `source` is
-- the keyed bucket (0–255) of the sender's address, never the address. No address, user agent or user.
CREATE TABLE telemetry_reports (
  received_at timestamptz NOT NULL,
  view_at timestamptz NOT NULL,
  route text NOT NULL,
  release text NOT NULL,
  client text NOT NULL,
  os text NOT NULL,
  app_version text,
  engine text NOT NULL,
  engine_major integer,
  cohort text,
  via text,
  source smallint NOT NULL,
  sample real NOT NULL,
  view text NOT NULL,
  seq integer NOT NULL,
  final boolean NOT NULL,
  head boolean NOT NULL,
  nav text NOT NULL,
  ready double precision,
  audio_tried boolean NOT NULL,
  ttfb double precision,
  fcp double precision,
  lcp double precision,
  inp double precision,
  cls double precision,
  has_error boolean NOT NULL,
  has_audio_failure boolean NOT NULL,
  problems jsonb NOT NULL,
  dropped integer NOT NULL,
  lost integer NOT NULL
) PARTITION BY RANGE (received_at);
-- A beacon finds the one before it of its view (within two days) through this index, one per partition.
CREATE INDEX telemetry_reports_view_idx ON telemetry_reports (view, seq);

-- Per route, release, client and hour: the counts and the six histograms (the totals of a window under two
-- days, and the hourly series).
CREATE TABLE telemetry_hours (
  route text NOT NULL,
  release text NOT NULL,
  client text NOT NULL,
  hour timestamptz NOT NULL,
  first_at timestamptz NOT NULL,
  last_at timestamptz NOT NULL,
  views integer NOT NULL DEFAULT 0,
  error_views integer NOT NULL DEFAULT 0,
  never_ready_views integer NOT NULL DEFAULT 0,
  audio_views integer NOT NULL DEFAULT 0,
  audio_fail_views integer NOT NULL DEFAULT 0,
  head_views integer NOT NULL DEFAULT 0,
  dropped integer NOT NULL DEFAULT 0,
  lost integer NOT NULL DEFAULT 0,
  ready_h0 integer NOT NULL DEFAULT 0, ready_h1 integer NOT NULL DEFAULT 0, ready_h2 integer NOT NULL DEFAULT 0, ready_h3 integer NOT NULL DEFAULT 0, ready_h4 integer NOT NULL DEFAULT 0, ready_h5 integer NOT NULL DEFAULT 0,
  ready_h6 integer NOT NULL DEFAULT 0, ready_h7 integer NOT NULL DEFAULT 0, ready_h8 integer NOT NULL DEFAULT 0, ready_h9 integer NOT NULL DEFAULT 0, ready_h10 integer NOT NULL DEFAULT 0, ready_h11 integer NOT NULL DEFAULT 0,
  ready_h12 integer NOT NULL DEFAULT 0, ready_h13 integer NOT NULL DEFAULT 0, ready_h14 integer NOT NULL DEFAULT 0, ready_h15 integer NOT NULL DEFAULT 0, ready_h16 integer NOT NULL DEFAULT 0, ready_h17 integer NOT NULL DEFAULT 0,
  ready_h18 integer NOT NULL DEFAULT 0, ready_h19 integer NOT NULL DEFAULT 0, ready_h20 integer NOT NULL DEFAULT 0, ready_h21 integer NOT NULL DEFAULT 0, ready_h22 integer NOT NULL DEFAULT 0, ready_h23 integer NOT NULL DEFAULT 0,
  ready_h24 integer NOT NULL DEFAULT 0, ready_h25 integer NOT NULL DEFAULT 0, ready_h26 integer NOT NULL DEFAULT 0, ready_h27 integer NOT NULL DEFAULT 0, ready_h28 integer NOT NULL DEFAULT 0, ready_h29 integer NOT NULL DEFAULT 0,
  ready_h30 integer NOT NULL DEFAULT 0, ready_h31 integer NOT NULL DEFAULT 0, ready_h32 integer NOT NULL DEFAULT 0, ready_h33 integer NOT NULL DEFAULT 0, ready_h34 integer NOT NULL DEFAULT 0, ready_h35 integer NOT NULL DEFAULT 0,
  ready_h36 integer NOT NULL DEFAULT 0, ready_h37 integer NOT NULL DEFAULT 0, ready_h38 integer NOT NULL DEFAULT 0, ready_h39 integer NOT NULL DEFAULT 0, ready_h40 integer NOT NULL DEFAULT 0, ready_h41 integer NOT NULL DEFAULT 0,
  ready_h42 integer NOT NULL DEFAULT 0, ready_h43 integer NOT NULL DEFAULT 0, ready_h44 integer NOT NULL DEFAULT 0, ready_h45 integer NOT NULL DEFAULT 0, ready_h46 integer NOT NULL DEFAULT 0, ready_h47 integer NOT NULL DEFAULT 0,
  ready_h48 integer NOT NULL DEFAULT 0, ready_h49 integer NOT NULL DEFAULT 0, ready_h50 integer NOT NULL DEFAULT 0, ready_h51 integer NOT NULL DEFAULT 0, ready_h52 integer NOT NULL DEFAULT 0, ready_h53 integer NOT NULL DEFAULT 0,
  ready_h54 integer NOT NULL DEFAULT 0, ready_h55 integer NOT NULL DEFAULT 0, ready_h56 integer NOT NULL DEFAULT 0, ready_h57 integer NOT NULL DEFAULT 0, ready_h58 integer NOT NULL DEFAULT 0, ready_h59 integer NOT NULL DEFAULT 0,
  ready_h60 integer NOT NULL DEFAULT 0, ready_h61 integer NOT NULL DEFAULT 0, ready_h62 integer NOT NULL DEFAULT 0, ready_h63 integer NOT NULL DEFAULT 0, ready_h64 integer NOT NULL DEFAULT 0, ready_h65 integer NOT NULL DEFAULT 0,
  ready_h66 integer NOT NULL DEFAULT 0, ready_h67 integer NOT NULL DEFAULT 0, ready_h68 integer NOT NULL DEFAULT 0, ready_h69 integer NOT NULL DEFAULT 0, ready_h70 integer NOT NULL DEFAULT 0, ready_h71 integer NOT NULL DEFAULT 0,
  ready_h72 integer NOT NULL DEFAULT 0, ready_h73 integer NOT NULL DEFAULT 0, ready_h74 integer NOT NULL DEFAULT 0, fcp_h0 integer NOT NULL DEFAULT 0, fcp_h1 integer NOT NULL DEFAULT 0, fcp_h2 integer NOT NULL DEFAULT 0,
  fcp_h3 integer NOT NULL DEFAULT 0, fcp_h4 integer NOT NULL DEFAULT 0, fcp_h5 integer NOT NULL DEFAULT 0, fcp_h6 integer NOT NULL DEFAULT 0, fcp_h7 integer NOT NULL DEFAULT 0, fcp_h8 integer NOT NULL DEFAULT 0,
  fcp_h9 integer NOT NULL DEFAULT 0, fcp_h10 integer NOT NULL DEFAULT 0, fcp_h11 integer NOT NULL DEFAULT 0, fcp_h12 integer NOT NULL DEFAULT 0, fcp_h13 integer NOT NULL DEFAULT 0, fcp_h14 integer NOT NULL DEFAULT 0,
  fcp_h15 integer NOT NULL DEFAULT 0, fcp_h16 integer NOT NULL DEFAULT 0, fcp_h17 integer NOT NULL DEFAULT 0, fcp_h18 integer NOT NULL DEFAULT 0, fcp_h19 integer NOT NULL DEFAULT 0, fcp_h20 integer NOT NULL DEFAULT 0,
  fcp_h21 integer NOT NULL DEFAULT 0, fcp_h22 integer NOT NULL DEFAULT 0, fcp_h23 integer NOT NULL DEFAULT 0, fcp_h24 integer NOT NULL DEFAULT 0, fcp_h25 integer NOT NULL DEFAULT 0, fcp_h26 integer NOT NULL DEFAULT 0,
  fcp_h27 integer NOT NULL DEFAULT 0, fcp_h28 integer NOT NULL DEFAULT 0, fcp_h29 integer NOT NULL DEFAULT 0, fcp_h30 integer NOT NULL DEFAULT 0, fcp_h31 integer NOT NULL DEFAULT 0, fcp_h32 integer NOT NULL DEFAULT 0,
  fcp_h33 integer NOT NULL DEFAULT 0, fcp_h34 integer NOT NULL DEFAULT 0, fcp_h35 integer NOT NULL DEFAULT 0, fcp_h36 integer NOT NULL DEFAULT 0, fcp_h37 integer NOT NULL DEFAULT 0, fcp_h38 integer NOT NULL DEFAULT 0,
  fcp_h39 integer NOT NULL DEFAULT 0, fcp_h40 integer NOT NULL DEFAULT 0, fcp_h41 integer NOT NULL DEFAULT 0, fcp_h42 integer NOT NULL DEFAULT 0, fcp_h43 integer NOT NULL DEFAULT 0, fcp_h44 integer NOT NULL DEFAULT 0,
  fcp_h45 integer NOT NULL DEFAULT 0, fcp_h46 integer NOT NULL DEFAULT 0, fcp_h47 integer NOT NULL DEFAULT 0, fcp_h48 integer NOT NULL DEFAULT 0, fcp_h49 integer NOT NULL DEFAULT 0, fcp_h50 integer NOT NULL DEFAULT 0,
  fcp_h51 integer NOT NULL DEFAULT 0, fcp_h52 integer NOT NULL DEFAULT 0, fcp_h53 integer NOT NULL DEFAULT 0, fcp_h54 integer NOT NULL DEFAULT 0, fcp_h55 integer NOT NULL DEFAULT 0, fcp_h56 integer NOT NULL DEFAULT 0,
  fcp_h57 integer NOT NULL DEFAULT 0, fcp_h58 integer NOT NULL DEFAULT 0, fcp_h59 integer NOT NULL DEFAULT 0, fcp_h60 integer NOT NULL DEFAULT 0, fcp_h61 integer NOT NULL DEFAULT 0, fcp_h62 integer NOT NULL DEFAULT 0,
  fcp_h63 integer NOT NULL DEFAULT 0, fcp_h64 integer NOT NULL DEFAULT 0, fcp_h65 integer NOT NULL DEFAULT 0, fcp_h66 integer NOT NULL DEFAULT 0, fcp_h67 integer NOT NULL DEFAULT 0, fcp_h68 integer NOT NULL DEFAULT 0,
  fcp_h69 integer NOT NULL DEFAULT 0, fcp_h70 integer NOT NULL DEFAULT 0, fcp_h71 integer NOT NULL DEFAULT 0, fcp_h72 integer NOT NULL DEFAULT 0, fcp_h73 integer NOT NULL DEFAULT 0, fcp_h74 integer NOT NULL DEFAULT 0,
  lcp_h0 integer NOT NULL DEFAULT 0, lcp_h1 integer NOT NULL DEFAULT 0, lcp_h2 integer NOT NULL DEFAULT 0, lcp_h3 integer NOT NULL DEFAULT 0, lcp_h4 integer NOT NULL DEFAULT 0, lcp_h5 integer NOT NULL DEFAULT 0,
  lcp_h6 integer NOT NULL DEFAULT 0, lcp_h7 integer NOT NULL DEFAULT 0, lcp_h8 integer NOT NULL DEFAULT 0, lcp_h9 integer NOT NULL DEFAULT 0, lcp_h10 integer NOT NULL DEFAULT 0, lcp_h11 integer NOT NULL DEFAULT 0,
  lcp_h12 integer NOT NULL DEFAULT 0, lcp_h13 integer NOT NULL DEFAULT 0, lcp_h14 integer NOT NULL DEFAULT 0, lcp_h15 integer NOT NULL DEFAULT 0, lcp_h16 integer NOT NULL DEFAULT 0, lcp_h17 integer NOT NULL DEFAULT 0,
  lcp_h18 integer NOT NULL DEFAULT 0, lcp_h19 integer NOT NULL DEFAULT 0, lcp_h20 integer NOT NULL DEFAULT 0, lcp_h21 integer NOT NULL DEFAULT 0, lcp_h22 integer NOT NULL DEFAULT 0, lcp_h23 integer NOT NULL DEFAULT 0,
  lcp_h24 integer NOT NULL DEFAULT 0, lcp_h25 integer NOT NULL DEFAULT 0, lcp_h26 integer NOT NULL DEFAULT 0, lcp_h27 integer NOT NULL DEFAULT 0, lcp_h28 integer NOT NULL DEFAULT 0, lcp_h29 integer NOT NULL DEFAULT 0,
  lcp_h30 integer NOT NULL DEFAULT 0, lcp_h31 integer NOT NULL DEFAULT 0, lcp_h32 integer NOT NULL DEFAULT 0, lcp_h33 integer NOT NULL DEFAULT 0, lcp_h34 integer NOT NULL DEFAULT 0, lcp_h35 integer NOT NULL DEFAULT 0,
  lcp_h36 integer NOT NULL DEFAULT 0, lcp_h37 integer NOT NULL DEFAULT 0, lcp_h38 integer NOT NULL DEFAULT 0, lcp_h39 integer NOT NULL DEFAULT 0, lcp_h40 integer NOT NULL DEFAULT 0, lcp_h41 integer NOT NULL DEFAULT 0,
  lcp_h42 integer NOT NULL DEFAULT 0, lcp_h43 integer NOT NULL DEFAULT 0, lcp_h44 integer NOT NULL DEFAULT 0, lcp_h45 integer NOT NULL DEFAULT 0, lcp_h46 integer NOT NULL DEFAULT 0, lcp_h47 integer NOT NULL DEFAULT 0,
  lcp_h48 integer NOT NULL DEFAULT 0, lcp_h49 integer NOT NULL DEFAULT 0, lcp_h50 integer NOT NULL DEFAULT 0, lcp_h51 integer NOT NULL DEFAULT 0, lcp_h52 integer NOT NULL DEFAULT 0, lcp_h53 integer NOT NULL DEFAULT 0,
  lcp_h54 integer NOT NULL DEFAULT 0, lcp_h55 integer NOT NULL DEFAULT 0, lcp_h56 integer NOT NULL DEFAULT 0, lcp_h57 integer NOT NULL DEFAULT 0, lcp_h58 integer NOT NULL DEFAULT 0, lcp_h59 integer NOT NULL DEFAULT 0,
  lcp_h60 integer NOT NULL DEFAULT 0, lcp_h61 integer NOT NULL DEFAULT 0, lcp_h62 integer NOT NULL DEFAULT 0, lcp_h63 integer NOT NULL DEFAULT 0, lcp_h64 integer NOT NULL DEFAULT 0, lcp_h65 integer NOT NULL DEFAULT 0,
  lcp_h66 integer NOT NULL DEFAULT 0, lcp_h67 integer NOT NULL DEFAULT 0, lcp_h68 integer NOT NULL DEFAULT 0, lcp_h69 integer NOT NULL DEFAULT 0, lcp_h70 integer NOT NULL DEFAULT 0, lcp_h71 integer NOT NULL DEFAULT 0,
  lcp_h72 integer NOT NULL DEFAULT 0, lcp_h73 integer NOT NULL DEFAULT 0, lcp_h74 integer NOT NULL DEFAULT 0, inp_h0 integer NOT NULL DEFAULT 0, inp_h1 integer NOT NULL DEFAULT 0, inp_h2 integer NOT NULL DEFAULT 0,
  inp_h3 integer NOT NULL DEFAULT 0, inp_h4 integer NOT NULL DEFAULT 0, inp_h5 integer NOT NULL DEFAULT 0, inp_h6 integer NOT NULL DEFAULT 0, inp_h7 integer NOT NULL DEFAULT 0, inp_h8 integer NOT NULL DEFAULT 0,
  inp_h9 integer NOT NULL DEFAULT 0, inp_h10 integer NOT NULL DEFAULT 0, inp_h11 integer NOT NULL DEFAULT 0, inp_h12 integer NOT NULL DEFAULT 0, inp_h13 integer NOT NULL DEFAULT 0, inp_h14 integer NOT NULL DEFAULT 0,
  inp_h15 integer NOT NULL DEFAULT 0, inp_h16 integer NOT NULL DEFAULT 0, inp_h17 integer NOT NULL DEFAULT 0, inp_h18 integer NOT NULL DEFAULT 0, inp_h19 integer NOT NULL DEFAULT 0, inp_h20 integer NOT NULL DEFAULT 0,
  inp_h21 integer NOT NULL DEFAULT 0, inp_h22 integer NOT NULL DEFAULT 0, inp_h23 integer NOT NULL DEFAULT 0, inp_h24 integer NOT NULL DEFAULT 0, inp_h25 integer NOT NULL DEFAULT 0, inp_h26 integer NOT NULL DEFAULT 0,
  inp_h27 integer NOT NULL DEFAULT 0, inp_h28 integer NOT NULL DEFAULT 0, inp_h29 integer NOT NULL DEFAULT 0, inp_h30 integer NOT NULL DEFAULT 0, inp_h31 integer NOT NULL DEFAULT 0, inp_h32 integer NOT NULL DEFAULT 0,
  inp_h33 integer NOT NULL DEFAULT 0, inp_h34 integer NOT NULL DEFAULT 0, inp_h35 integer NOT NULL DEFAULT 0, inp_h36 integer NOT NULL DEFAULT 0, inp_h37 integer NOT NULL DEFAULT 0, inp_h38 integer NOT NULL DEFAULT 0,
  inp_h39 integer NOT NULL DEFAULT 0, inp_h40 integer NOT NULL DEFAULT 0, inp_h41 integer NOT NULL DEFAULT 0, inp_h42 integer NOT NULL DEFAULT 0, inp_h43 integer NOT NULL DEFAULT 0, inp_h44 integer NOT NULL DEFAULT 0,
  inp_h45 integer NOT NULL DEFAULT 0, inp_h46 integer NOT NULL DEFAULT 0, inp_h47 integer NOT NULL DEFAULT 0, inp_h48 integer NOT NULL DEFAULT 0, inp_h49 integer NOT NULL DEFAULT 0, inp_h50 integer NOT NULL DEFAULT 0,
  inp_h51 integer NOT NULL DEFAULT 0, inp_h52 integer NOT NULL DEFAULT 0, inp_h53 integer NOT NULL DEFAULT 0, inp_h54 integer NOT NULL DEFAULT 0, inp_h55 integer NOT NULL DEFAULT 0, inp_h56 integer NOT NULL DEFAULT 0,
  inp_h57 integer NOT NULL DEFAULT 0, inp_h58 integer NOT NULL DEFAULT 0, inp_h59 integer NOT NULL DEFAULT 0, inp_h60 integer NOT NULL DEFAULT 0, inp_h61 integer NOT NULL DEFAULT 0, inp_h62 integer NOT NULL DEFAULT 0,
  inp_h63 integer NOT NULL DEFAULT 0, inp_h64 integer NOT NULL DEFAULT 0, inp_h65 integer NOT NULL DEFAULT 0, inp_h66 integer NOT NULL DEFAULT 0, inp_h67 integer NOT NULL DEFAULT 0, inp_h68 integer NOT NULL DEFAULT 0,
  inp_h69 integer NOT NULL DEFAULT 0, inp_h70 integer NOT NULL DEFAULT 0, inp_h71 integer NOT NULL DEFAULT 0, inp_h72 integer NOT NULL DEFAULT 0, inp_h73 integer NOT NULL DEFAULT 0, inp_h74 integer NOT NULL DEFAULT 0,
  ttfb_h0 integer NOT NULL DEFAULT 0, ttfb_h1 integer NOT NULL DEFAULT 0, ttfb_h2 integer NOT NULL DEFAULT 0, ttfb_h3 integer NOT NULL DEFAULT 0, ttfb_h4 integer NOT NULL DEFAULT 0, ttfb_h5 integer NOT NULL DEFAULT 0,
  ttfb_h6 integer NOT NULL DEFAULT 0, ttfb_h7 integer NOT NULL DEFAULT 0, ttfb_h8 integer NOT NULL DEFAULT 0, ttfb_h9 integer NOT NULL DEFAULT 0, ttfb_h10 integer NOT NULL DEFAULT 0, ttfb_h11 integer NOT NULL DEFAULT 0,
  ttfb_h12 integer NOT NULL DEFAULT 0, ttfb_h13 integer NOT NULL DEFAULT 0, ttfb_h14 integer NOT NULL DEFAULT 0, ttfb_h15 integer NOT NULL DEFAULT 0, ttfb_h16 integer NOT NULL DEFAULT 0, ttfb_h17 integer NOT NULL DEFAULT 0,
  ttfb_h18 integer NOT NULL DEFAULT 0, ttfb_h19 integer NOT NULL DEFAULT 0, ttfb_h20 integer NOT NULL DEFAULT 0, ttfb_h21 integer NOT NULL DEFAULT 0, ttfb_h22 integer NOT NULL DEFAULT 0, ttfb_h23 integer NOT NULL DEFAULT 0,
  ttfb_h24 integer NOT NULL DEFAULT 0, ttfb_h25 integer NOT NULL DEFAULT 0, ttfb_h26 integer NOT NULL DEFAULT 0, ttfb_h27 integer NOT NULL DEFAULT 0, ttfb_h28 integer NOT NULL DEFAULT 0, ttfb_h29 integer NOT NULL DEFAULT 0,
  ttfb_h30 integer NOT NULL DEFAULT 0, ttfb_h31 integer NOT NULL DEFAULT 0, ttfb_h32 integer NOT NULL DEFAULT 0, ttfb_h33 integer NOT NULL DEFAULT 0, ttfb_h34 integer NOT NULL DEFAULT 0, ttfb_h35 integer NOT NULL DEFAULT 0,
  ttfb_h36 integer NOT NULL DEFAULT 0, ttfb_h37 integer NOT NULL DEFAULT 0, ttfb_h38 integer NOT NULL DEFAULT 0, ttfb_h39 integer NOT NULL DEFAULT 0, ttfb_h40 integer NOT NULL DEFAULT 0, ttfb_h41 integer NOT NULL DEFAULT 0,
  ttfb_h42 integer NOT NULL DEFAULT 0, ttfb_h43 integer NOT NULL DEFAULT 0, ttfb_h44 integer NOT NULL DEFAULT 0, ttfb_h45 integer NOT NULL DEFAULT 0, ttfb_h46 integer NOT NULL DEFAULT 0, ttfb_h47 integer NOT NULL DEFAULT 0,
  ttfb_h48 integer NOT NULL DEFAULT 0, ttfb_h49 integer NOT NULL DEFAULT 0, ttfb_h50 integer NOT NULL DEFAULT 0, ttfb_h51 integer NOT NULL DEFAULT 0, ttfb_h52 integer NOT NULL DEFAULT 0, ttfb_h53 integer NOT NULL DEFAULT 0,
  ttfb_h54 integer NOT NULL DEFAULT 0, ttfb_h55 integer NOT NULL DEFAULT 0, ttfb_h56 integer NOT NULL DEFAULT 0, ttfb_h57 integer NOT NULL DEFAULT 0, ttfb_h58 integer NOT NULL DEFAULT 0, ttfb_h59 integer NOT NULL DEFAULT 0,
  ttfb_h60 integer NOT NULL DEFAULT 0, ttfb_h61 integer NOT NULL DEFAULT 0, ttfb_h62 integer NOT NULL DEFAULT 0, ttfb_h63 integer NOT NULL DEFAULT 0, ttfb_h64 integer NOT NULL DEFAULT 0, ttfb_h65 integer NOT NULL DEFAULT 0,
  ttfb_h66 integer NOT NULL DEFAULT 0, ttfb_h67 integer NOT NULL DEFAULT 0, ttfb_h68 integer NOT NULL DEFAULT 0, ttfb_h69 integer NOT NULL DEFAULT 0, ttfb_h70 integer NOT NULL DEFAULT 0, ttfb_h71 integer NOT NULL DEFAULT 0,
  ttfb_h72 integer NOT NULL DEFAULT 0, ttfb_h73 integer NOT NULL DEFAULT 0, ttfb_h74 integer NOT NULL DEFAULT 0, cls_h0 integer NOT NULL DEFAULT 0, cls_h1 integer NOT NULL DEFAULT 0, cls_h2 integer NOT NULL DEFAULT 0,
  cls_h3 integer NOT NULL DEFAULT 0, cls_h4 integer NOT NULL DEFAULT 0, cls_h5 integer NOT NULL DEFAULT 0, cls_h6 integer NOT NULL DEFAULT 0, cls_h7 integer NOT NULL DEFAULT 0, cls_h8 integer NOT NULL DEFAULT 0,
  cls_h9 integer NOT NULL DEFAULT 0, cls_h10 integer NOT NULL DEFAULT 0, cls_h11 integer NOT NULL DEFAULT 0, cls_h12 integer NOT NULL DEFAULT 0, cls_h13 integer NOT NULL DEFAULT 0, cls_h14 integer NOT NULL DEFAULT 0,
  cls_h15 integer NOT NULL DEFAULT 0, cls_h16 integer NOT NULL DEFAULT 0, cls_h17 integer NOT NULL DEFAULT 0, cls_h18 integer NOT NULL DEFAULT 0, cls_h19 integer NOT NULL DEFAULT 0, cls_h20 integer NOT NULL DEFAULT 0,
  cls_h21 integer NOT NULL DEFAULT 0, cls_h22 integer NOT NULL DEFAULT 0, cls_h23 integer NOT NULL DEFAULT 0, cls_h24 integer NOT NULL DEFAULT 0, cls_h25 integer NOT NULL DEFAULT 0, cls_h26 integer NOT NULL DEFAULT 0,
  cls_h27 integer NOT NULL DEFAULT 0, cls_h28 integer NOT NULL DEFAULT 0, cls_h29 integer NOT NULL DEFAULT 0, cls_h30 integer NOT NULL DEFAULT 0, cls_h31 integer NOT NULL DEFAULT 0, cls_h32 integer NOT NULL DEFAULT 0,
  cls_h33 integer NOT NULL DEFAULT 0, cls_h34 integer NOT NULL DEFAULT 0, cls_h35 integer NOT NULL DEFAULT 0,
  PRIMARY KEY (route, release, client, hour)
);
CREATE INDEX telemetry_hours_hour_idx ON telemetry_hours (hour);

-- The same per day (UTC): the totals of a window of two days or more, read from a few rows a release.
CREATE TABLE telemetry_days (
  route text NOT NULL,
  release text NOT NULL,
  client text NOT NULL,
  day date NOT NULL,
  first_at timestamptz NOT NULL,
  last_at timestamptz NOT NULL,
  views integer NOT NULL DEFAULT 0,
  error_views integer NOT NULL DEFAULT 0,
  never_ready_views integer NOT NULL DEFAULT 0,
  audio_views integer NOT NULL DEFAULT 0,
  audio_fail_views integer NOT NULL DEFAULT 0,
  head_views integer NOT NULL DEFAULT 0,
  dropped integer NOT NULL DEFAULT 0,
  lost integer NOT NULL DEFAULT 0,
  ready_h0 integer NOT NULL DEFAULT 0, ready_h1 integer NOT NULL DEFAULT 0, ready_h2 integer NOT NULL DEFAULT 0, ready_h3 integer NOT NULL DEFAULT 0, ready_h4 integer NOT NULL DEFAULT 0, ready_h5 integer NOT NULL DEFAULT 0,
  ready_h6 integer NOT NULL DEFAULT 0, ready_h7 integer NOT NULL DEFAULT 0, ready_h8 integer NOT NULL DEFAULT 0, ready_h9 integer NOT NULL DEFAULT 0, ready_h10 integer NOT NULL DEFAULT 0, ready_h11 integer NOT NULL DEFAULT 0,
  ready_h12 integer NOT NULL DEFAULT 0, ready_h13 integer NOT NULL DEFAULT 0, ready_h14 integer NOT NULL DEFAULT 0, ready_h15 integer NOT NULL DEFAULT 0, ready_h16 integer NOT NULL DEFAULT 0, ready_h17 integer NOT NULL DEFAULT 0,
  ready_h18 integer NOT NULL DEFAULT 0, ready_h19 integer NOT NULL DEFAULT 0, ready_h20 integer NOT NULL DEFAULT 0, ready_h21 integer NOT NULL DEFAULT 0, ready_h22 integer NOT NULL DEFAULT 0, ready_h23 integer NOT NULL DEFAULT 0,
  ready_h24 integer NOT NULL DEFAULT 0, ready_h25 integer NOT NULL DEFAULT 0, ready_h26 integer NOT NULL DEFAULT 0, ready_h27 integer NOT NULL DEFAULT 0, ready_h28 integer NOT NULL DEFAULT 0, ready_h29 integer NOT NULL DEFAULT 0,
  ready_h30 integer NOT NULL DEFAULT 0, ready_h31 integer NOT NULL DEFAULT 0, ready_h32 integer NOT NULL DEFAULT 0, ready_h33 integer NOT NULL DEFAULT 0, ready_h34 integer NOT NULL DEFAULT 0, ready_h35 integer NOT NULL DEFAULT 0,
  ready_h36 integer NOT NULL DEFAULT 0, ready_h37 integer NOT NULL DEFAULT 0, ready_h38 integer NOT NULL DEFAULT 0, ready_h39 integer NOT NULL DEFAULT 0, ready_h40 integer NOT NULL DEFAULT 0, ready_h41 integer NOT NULL DEFAULT 0,
  ready_h42 integer NOT NULL DEFAULT 0, ready_h43 integer NOT NULL DEFAULT 0, ready_h44 integer NOT NULL DEFAULT 0, ready_h45 integer NOT NULL DEFAULT 0, ready_h46 integer NOT NULL DEFAULT 0, ready_h47 integer NOT NULL DEFAULT 0,
  ready_h48 integer NOT NULL DEFAULT 0, ready_h49 integer NOT NULL DEFAULT 0, ready_h50 integer NOT NULL DEFAULT 0, ready_h51 integer NOT NULL DEFAULT 0, ready_h52 integer NOT NULL DEFAULT 0, ready_h53 integer NOT NULL DEFAULT 0,
  ready_h54 integer NOT NULL DEFAULT 0, ready_h55 integer NOT NULL DEFAULT 0, ready_h56 integer NOT NULL DEFAULT 0, ready_h57 integer NOT NULL DEFAULT 0, ready_h58 integer NOT NULL DEFAULT 0, ready_h59 integer NOT NULL DEFAULT 0,
  ready_h60 integer NOT NULL DEFAULT 0, ready_h61 integer NOT NULL DEFAULT 0, ready_h62 integer NOT NULL DEFAULT 0, ready_h63 integer NOT NULL DEFAULT 0, ready_h64 integer NOT NULL DEFAULT 0, ready_h65 integer NOT NULL DEFAULT 0,
  ready_h66 integer NOT NULL DEFAULT 0, ready_h67 integer NOT NULL DEFAULT 0, ready_h68 integer NOT NULL DEFAULT 0, ready_h69 integer NOT NULL DEFAULT 0, ready_h70 integer NOT NULL DEFAULT 0, ready_h71 integer NOT NULL DEFAULT 0,
  ready_h72 integer NOT NULL DEFAULT 0, ready_h73 integer NOT NULL DEFAULT 0, ready_h74 integer NOT NULL DEFAULT 0, fcp_h0 integer NOT NULL DEFAULT 0, fcp_h1 integer NOT NULL DEFAULT 0, fcp_h2 integer NOT NULL DEFAULT 0,
  fcp_h3 integer NOT NULL DEFAULT 0, fcp_h4 integer NOT NULL DEFAULT 0, fcp_h5 integer NOT NULL DEFAULT 0, fcp_h6 integer NOT NULL DEFAULT 0, fcp_h7 integer NOT NULL DEFAULT 0, fcp_h8 integer NOT NULL DEFAULT 0,
  fcp_h9 integer NOT NULL DEFAULT 0, fcp_h10 integer NOT NULL DEFAULT 0, fcp_h11 integer NOT NULL DEFAULT 0, fcp_h12 integer NOT NULL DEFAULT 0, fcp_h13 integer NOT NULL DEFAULT 0, fcp_h14 integer NOT NULL DEFAULT 0,
  fcp_h15 integer NOT NULL DEFAULT 0, fcp_h16 integer NOT NULL DEFAULT 0, fcp_h17 integer NOT NULL DEFAULT 0, fcp_h18 integer NOT NULL DEFAULT 0, fcp_h19 integer NOT NULL DEFAULT 0, fcp_h20 integer NOT NULL DEFAULT 0,
  fcp_h21 integer NOT NULL DEFAULT 0, fcp_h22 integer NOT NULL DEFAULT 0, fcp_h23 integer NOT NULL DEFAULT 0, fcp_h24 integer NOT NULL DEFAULT 0, fcp_h25 integer NOT NULL DEFAULT 0, fcp_h26 integer NOT NULL DEFAULT 0,
  fcp_h27 integer NOT NULL DEFAULT 0, fcp_h28 integer NOT NULL DEFAULT 0, fcp_h29 integer NOT NULL DEFAULT 0, fcp_h30 integer NOT NULL DEFAULT 0, fcp_h31 integer NOT NULL DEFAULT 0, fcp_h32 integer NOT NULL DEFAULT 0,
  fcp_h33 integer NOT NULL DEFAULT 0, fcp_h34 integer NOT NULL DEFAULT 0, fcp_h35 integer NOT NULL DEFAULT 0, fcp_h36 integer NOT NULL DEFAULT 0, fcp_h37 integer NOT NULL DEFAULT 0, fcp_h38 integer NOT NULL DEFAULT 0,
  fcp_h39 integer NOT NULL DEFAULT 0, fcp_h40 integer NOT NULL DEFAULT 0, fcp_h41 integer NOT NULL DEFAULT 0, fcp_h42 integer NOT NULL DEFAULT 0, fcp_h43 integer NOT NULL DEFAULT 0, fcp_h44 integer NOT NULL DEFAULT 0,
  fcp_h45 integer NOT NULL DEFAULT 0, fcp_h46 integer NOT NULL DEFAULT 0, fcp_h47 integer NOT NULL DEFAULT 0, fcp_h48 integer NOT NULL DEFAULT 0, fcp_h49 integer NOT NULL DEFAULT 0, fcp_h50 integer NOT NULL DEFAULT 0,
  fcp_h51 integer NOT NULL DEFAULT 0, fcp_h52 integer NOT NULL DEFAULT 0, fcp_h53 integer NOT NULL DEFAULT 0, fcp_h54 integer NOT NULL DEFAULT 0, fcp_h55 integer NOT NULL DEFAULT 0, fcp_h56 integer NOT NULL DEFAULT 0,
  fcp_h57 integer NOT NULL DEFAULT 0, fcp_h58 integer NOT NULL DEFAULT 0, fcp_h59 integer NOT NULL DEFAULT 0, fcp_h60 integer NOT NULL DEFAULT 0, fcp_h61 integer NOT NULL DEFAULT 0, fcp_h62 integer NOT NULL DEFAULT 0,
  fcp_h63 integer NOT NULL DEFAULT 0, fcp_h64 integer NOT NULL DEFAULT 0, fcp_h65 integer NOT NULL DEFAULT 0, fcp_h66 integer NOT NULL DEFAULT 0, fcp_h67 integer NOT NULL DEFAULT 0, fcp_h68 integer NOT NULL DEFAULT 0,
  fcp_h69 integer NOT NULL DEFAULT 0, fcp_h70 integer NOT NULL DEFAULT 0, fcp_h71 integer NOT NULL DEFAULT 0, fcp_h72 integer NOT NULL DEFAULT 0, fcp_h73 integer NOT NULL DEFAULT 0, fcp_h74 integer NOT NULL DEFAULT 0,
  lcp_h0 integer NOT NULL DEFAULT 0, lcp_h1 integer NOT NULL DEFAULT 0, lcp_h2 integer NOT NULL DEFAULT 0, lcp_h3 integer NOT NULL DEFAULT 0, lcp_h4 integer NOT NULL DEFAULT 0, lcp_h5 integer NOT NULL DEFAULT 0,
  lcp_h6 integer NOT NULL DEFAULT 0, lcp_h7 integer NOT NULL DEFAULT 0, lcp_h8 integer NOT NULL DEFAULT 0, lcp_h9 integer NOT NULL DEFAULT 0, lcp_h10 integer NOT NULL DEFAULT 0, lcp_h11 integer NOT NULL DEFAULT 0,
  lcp_h12 integer NOT NULL DEFAULT 0, lcp_h13 integer NOT NULL DEFAULT 0, lcp_h14 integer NOT NULL DEFAULT 0, lcp_h15 integer NOT NULL DEFAULT 0, lcp_h16 integer NOT NULL DEFAULT 0, lcp_h17 integer NOT NULL DEFAULT 0,
  lcp_h18 integer NOT NULL DEFAULT 0, lcp_h19 integer NOT NULL DEFAULT 0, lcp_h20 integer NOT NULL DEFAULT 0, lcp_h21 integer NOT NULL DEFAULT 0, lcp_h22 integer NOT NULL DEFAULT 0, lcp_h23 integer NOT NULL DEFAULT 0,
  lcp_h24 integer NOT NULL DEFAULT 0, lcp_h25 integer NOT NULL DEFAULT 0, lcp_h26 integer NOT NULL DEFAULT 0, lcp_h27 integer NOT NULL DEFAULT 0, lcp_h28 integer NOT NULL DEFAULT 0, lcp_h29 integer NOT NULL DEFAULT 0,
  lcp_h30 integer NOT NULL DEFAULT 0, lcp_h31 integer NOT NULL DEFAULT 0, lcp_h32 integer NOT NULL DEFAULT 0, lcp_h33 integer NOT NULL DEFAULT 0, lcp_h34 integer NOT NULL DEFAULT 0, lcp_h35 integer NOT NULL DEFAULT 0,
  lcp_h36 integer NOT NULL DEFAULT 0, lcp_h37 integer NOT NULL DEFAULT 0, lcp_h38 integer NOT NULL DEFAULT 0, lcp_h39 integer NOT NULL DEFAULT 0, lcp_h40 integer NOT NULL DEFAULT 0, lcp_h41 integer NOT NULL DEFAULT 0,
  lcp_h42 integer NOT NULL DEFAULT 0, lcp_h43 integer NOT NULL DEFAULT 0, lcp_h44 integer NOT NULL DEFAULT 0, lcp_h45 integer NOT NULL DEFAULT 0, lcp_h46 integer NOT NULL DEFAULT 0, lcp_h47 integer NOT NULL DEFAULT 0,
  lcp_h48 integer NOT NULL DEFAULT 0, lcp_h49 integer NOT NULL DEFAULT 0, lcp_h50 integer NOT NULL DEFAULT 0, lcp_h51 integer NOT NULL DEFAULT 0, lcp_h52 integer NOT NULL DEFAULT 0, lcp_h53 integer NOT NULL DEFAULT 0,
  lcp_h54 integer NOT NULL DEFAULT 0, lcp_h55 integer NOT NULL DEFAULT 0, lcp_h56 integer NOT NULL DEFAULT 0, lcp_h57 integer NOT NULL DEFAULT 0, lcp_h58 integer NOT NULL DEFAULT 0, lcp_h59 integer NOT NULL DEFAULT 0,
  lcp_h60 integer NOT NULL DEFAULT 0, lcp_h61 integer NOT NULL DEFAULT 0, lcp_h62 integer NOT NULL DEFAULT 0, lcp_h63 integer NOT NULL DEFAULT 0, lcp_h64 integer NOT NULL DEFAULT 0, lcp_h65 integer NOT NULL DEFAULT 0,
  lcp_h66 integer NOT NULL DEFAULT 0, lcp_h67 integer NOT NULL DEFAULT 0, lcp_h68 integer NOT NULL DEFAULT 0, lcp_h69 integer NOT NULL DEFAULT 0, lcp_h70 integer NOT NULL DEFAULT 0, lcp_h71 integer NOT NULL DEFAULT 0,
  lcp_h72 integer NOT NULL DEFAULT 0, lcp_h73 integer NOT NULL DEFAULT 0, lcp_h74 integer NOT NULL DEFAULT 0, inp_h0 integer NOT NULL DEFAULT 0, inp_h1 integer NOT NULL DEFAULT 0, inp_h2 integer NOT NULL DEFAULT 0,
  inp_h3 integer NOT NULL DEFAULT 0, inp_h4 integer NOT NULL DEFAULT 0, inp_h5 integer NOT NULL DEFAULT 0, inp_h6 integer NOT NULL DEFAULT 0, inp_h7 integer NOT NULL DEFAULT 0, inp_h8 integer NOT NULL DEFAULT 0,
  inp_h9 integer NOT NULL DEFAULT 0, inp_h10 integer NOT NULL DEFAULT 0, inp_h11 integer NOT NULL DEFAULT 0, inp_h12 integer NOT NULL DEFAULT 0, inp_h13 integer NOT NULL DEFAULT 0, inp_h14 integer NOT NULL DEFAULT 0,
  inp_h15 integer NOT NULL DEFAULT 0, inp_h16 integer NOT NULL DEFAULT 0, inp_h17 integer NOT NULL DEFAULT 0, inp_h18 integer NOT NULL DEFAULT 0, inp_h19 integer NOT NULL DEFAULT 0, inp_h20 integer NOT NULL DEFAULT 0,
  inp_h21 integer NOT NULL DEFAULT 0, inp_h22 integer NOT NULL DEFAULT 0, inp_h23 integer NOT NULL DEFAULT 0, inp_h24 integer NOT NULL DEFAULT 0, inp_h25 integer NOT NULL DEFAULT 0, inp_h26 integer NOT NULL DEFAULT 0,
  inp_h27 integer NOT NULL DEFAULT 0, inp_h28 integer NOT NULL DEFAULT 0, inp_h29 integer NOT NULL DEFAULT 0, inp_h30 integer NOT NULL DEFAULT 0, inp_h31 integer NOT NULL DEFAULT 0, inp_h32 integer NOT NULL DEFAULT 0,
  inp_h33 integer NOT NULL DEFAULT 0, inp_h34 integer NOT NULL DEFAULT 0, inp_h35 integer NOT NULL DEFAULT 0, inp_h36 integer NOT NULL DEFAULT 0, inp_h37 integer NOT NULL DEFAULT 0, inp_h38 integer NOT NULL DEFAULT 0,
  inp_h39 integer NOT NULL DEFAULT 0, inp_h40 integer NOT NULL DEFAULT 0, inp_h41 integer NOT NULL DEFAULT 0, inp_h42 integer NOT NULL DEFAULT 0, inp_h43 integer NOT NULL DEFAULT 0, inp_h44 integer NOT NULL DEFAULT 0,
  inp_h45 integer NOT NULL DEFAULT 0, inp_h46 integer NOT NULL DEFAULT 0, inp_h47 integer NOT NULL DEFAULT 0, inp_h48 integer NOT NULL DEFAULT 0, inp_h49 integer NOT NULL DEFAULT 0, inp_h50 integer NOT NULL DEFAULT 0,
  inp_h51 integer NOT NULL DEFAULT 0, inp_h52 integer NOT NULL DEFAULT 0, inp_h53 integer NOT NULL DEFAULT 0, inp_h54 integer NOT NULL DEFAULT 0, inp_h55 integer NOT NULL DEFAULT 0, inp_h56 integer NOT NULL DEFAULT 0,
  inp_h57 integer NOT NULL DEFAULT 0, inp_h58 integer NOT NULL DEFAULT 0, inp_h59 integer NOT NULL DEFAULT 0, inp_h60 integer NOT NULL DEFAULT 0, inp_h61 integer NOT NULL DEFAULT 0, inp_h62 integer NOT NULL DEFAULT 0,
  inp_h63 integer NOT NULL DEFAULT 0, inp_h64 integer NOT NULL DEFAULT 0, inp_h65 integer NOT NULL DEFAULT 0, inp_h66 integer NOT NULL DEFAULT 0, inp_h67 integer NOT NULL DEFAULT 0, inp_h68 integer NOT NULL DEFAULT 0,
  inp_h69 integer NOT NULL DEFAULT 0, inp_h70 integer NOT NULL DEFAULT 0, inp_h71 integer NOT NULL DEFAULT 0, inp_h72 integer NOT NULL DEFAULT 0, inp_h73 integer NOT NULL DEFAULT 0, inp_h74 integer NOT NULL DEFAULT 0,
  ttfb_h0 integer NOT NULL DEFAULT 0, ttfb_h1 integer NOT NULL DEFAULT 0, ttfb_h2 integer NOT NULL DEFAULT 0, ttfb_h3 integer NOT NULL DEFAULT 0, ttfb_h4 integer NOT NULL DEFAULT 0, ttfb_h5 integer NOT NULL DEFAULT 0,
  ttfb_h6 integer NOT NULL DEFAULT 0, ttfb_h7 integer NOT NULL DEFAULT 0, ttfb_h8 integer NOT NULL DEFAULT 0, ttfb_h9 integer NOT NULL DEFAULT 0, ttfb_h10 integer NOT NULL DEFAULT 0, ttfb_h11 integer NOT NULL DEFAULT 0,
  ttfb_h12 integer NOT NULL DEFAULT 0, ttfb_h13 integer NOT NULL DEFAULT 0, ttfb_h14 integer NOT NULL DEFAULT 0, ttfb_h15 integer NOT NULL DEFAULT 0, ttfb_h16 integer NOT NULL DEFAULT 0, ttfb_h17 integer NOT NULL DEFAULT 0,
  ttfb_h18 integer NOT NULL DEFAULT 0, ttfb_h19 integer NOT NULL DEFAULT 0, ttfb_h20 integer NOT NULL DEFAULT 0, ttfb_h21 integer NOT NULL DEFAULT 0, ttfb_h22 integer NOT NULL DEFAULT 0, ttfb_h23 integer NOT NULL DEFAULT 0,
  ttfb_h24 integer NOT NULL DEFAULT 0, ttfb_h25 integer NOT NULL DEFAULT 0, ttfb_h26 integer NOT NULL DEFAULT 0, ttfb_h27 integer NOT NULL DEFAULT 0, ttfb_h28 integer NOT NULL DEFAULT 0, ttfb_h29 integer NOT NULL DEFAULT 0,
  ttfb_h30 integer NOT NULL DEFAULT 0, ttfb_h31 integer NOT NULL DEFAULT 0, ttfb_h32 integer NOT NULL DEFAULT 0, ttfb_h33 integer NOT NULL DEFAULT 0, ttfb_h34 integer NOT NULL DEFAULT 0, ttfb_h35 integer NOT NULL DEFAULT 0,
  ttfb_h36 integer NOT NULL DEFAULT 0, ttfb_h37 integer NOT NULL DEFAULT 0, ttfb_h38 integer NOT NULL DEFAULT 0, ttfb_h39 integer NOT NULL DEFAULT 0, ttfb_h40 integer NOT NULL DEFAULT 0, ttfb_h41 integer NOT NULL DEFAULT 0,
  ttfb_h42 integer NOT NULL DEFAULT 0, ttfb_h43 integer NOT NULL DEFAULT 0, ttfb_h44 integer NOT NULL DEFAULT 0, ttfb_h45 integer NOT NULL DEFAULT 0, ttfb_h46 integer NOT NULL DEFAULT 0, ttfb_h47 integer NOT NULL DEFAULT 0,
  ttfb_h48 integer NOT NULL DEFAULT 0, ttfb_h49 integer NOT NULL DEFAULT 0, ttfb_h50 integer NOT NULL DEFAULT 0, ttfb_h51 integer NOT NULL DEFAULT 0, ttfb_h52 integer NOT NULL DEFAULT 0, ttfb_h53 integer NOT NULL DEFAULT 0,
  ttfb_h54 integer NOT NULL DEFAULT 0, ttfb_h55 integer NOT NULL DEFAULT 0, ttfb_h56 integer NOT NULL DEFAULT 0, ttfb_h57 integer NOT NULL DEFAULT 0, ttfb_h58 integer NOT NULL DEFAULT 0, ttfb_h59 integer NOT NULL DEFAULT 0,
  ttfb_h60 integer NOT NULL DEFAULT 0, ttfb_h61 integer NOT NULL DEFAULT 0, ttfb_h62 integer NOT NULL DEFAULT 0, ttfb_h63 integer NOT NULL DEFAULT 0, ttfb_h64 integer NOT NULL DEFAULT 0, ttfb_h65 integer NOT NULL DEFAULT 0,
  ttfb_h66 integer NOT NULL DEFAULT 0, ttfb_h67 integer NOT NULL DEFAULT 0, ttfb_h68 integer NOT NULL DEFAULT 0, ttfb_h69 integer NOT NULL DEFAULT 0, ttfb_h70 integer NOT NULL DEFAULT 0, ttfb_h71 integer NOT NULL DEFAULT 0,
  ttfb_h72 integer NOT NULL DEFAULT 0, ttfb_h73 integer NOT NULL DEFAULT 0, ttfb_h74 integer NOT NULL DEFAULT 0, cls_h0 integer NOT NULL DEFAULT 0, cls_h1 integer NOT NULL DEFAULT 0, cls_h2 integer NOT NULL DEFAULT 0,
  cls_h3 integer NOT NULL DEFAULT 0, cls_h4 integer NOT NULL DEFAULT 0, cls_h5 integer NOT NULL DEFAULT 0, cls_h6 integer NOT NULL DEFAULT 0, cls_h7 integer NOT NULL DEFAULT 0, cls_h8 integer NOT NULL DEFAULT 0,
  cls_h9 integer NOT NULL DEFAULT 0, cls_h10 integer NOT NULL DEFAULT 0, cls_h11 integer NOT NULL DEFAULT 0, cls_h12 integer NOT NULL DEFAULT 0, cls_h13 integer NOT NULL DEFAULT 0, cls_h14 integer NOT NULL DEFAULT 0,
  cls_h15 integer NOT NULL DEFAULT 0, cls_h16 integer NOT NULL DEFAULT 0, cls_h17 integer NOT NULL DEFAULT 0, cls_h18 integer NOT NULL DEFAULT 0, cls_h19 integer NOT NULL DEFAULT 0, cls_h20 integer NOT NULL DEFAULT 0,
  cls_h21 integer NOT NULL DEFAULT 0, cls_h22 integer NOT NULL DEFAULT 0, cls_h23 integer NOT NULL DEFAULT 0, cls_h24 integer NOT NULL DEFAULT 0, cls_h25 integer NOT NULL DEFAULT 0, cls_h26 integer NOT NULL DEFAULT 0,
  cls_h27 integer NOT NULL DEFAULT 0, cls_h28 integer NOT NULL DEFAULT 0, cls_h29 integer NOT NULL DEFAULT 0, cls_h30 integer NOT NULL DEFAULT 0, cls_h31 integer NOT NULL DEFAULT 0, cls_h32 integer NOT NULL DEFAULT 0,
  cls_h33 integer NOT NULL DEFAULT 0, cls_h34 integer NOT NULL DEFAULT 0, cls_h35 integer NOT NULL DEFAULT 0,
  PRIMARY KEY (route, release, client, day)
);
CREATE INDEX telemetry_days_day_idx ON telemetry_days (day);

-- Per route, release and minute (kept two days) or hour: the series a chart draws, its ready in coarse
-- buckets (SERIES_BUCKETS: a chart's p75, read from few columns).
CREATE TABLE telemetry_series (
  route text NOT NULL,
  release text NOT NULL,
  step text NOT NULL CHECK (step IN ('minute', 'hour')),
  at timestamptz NOT NULL,
  views integer NOT NULL DEFAULT 0,
  error_views integer NOT NULL DEFAULT 0,
  never_ready_views integer NOT NULL DEFAULT 0,
  ready_s0 integer NOT NULL DEFAULT 0, ready_s1 integer NOT NULL DEFAULT 0, ready_s2 integer NOT NULL DEFAULT 0, ready_s3 integer NOT NULL DEFAULT 0, ready_s4 integer NOT NULL DEFAULT 0, ready_s5 integer NOT NULL DEFAULT 0,
  ready_s6 integer NOT NULL DEFAULT 0, ready_s7 integer NOT NULL DEFAULT 0, ready_s8 integer NOT NULL DEFAULT 0, ready_s9 integer NOT NULL DEFAULT 0, ready_s10 integer NOT NULL DEFAULT 0, ready_s11 integer NOT NULL DEFAULT 0,
  ready_s12 integer NOT NULL DEFAULT 0, ready_s13 integer NOT NULL DEFAULT 0, ready_s14 integer NOT NULL DEFAULT 0, ready_s15 integer NOT NULL DEFAULT 0, ready_s16 integer NOT NULL DEFAULT 0, ready_s17 integer NOT NULL DEFAULT 0,
  ready_s18 integer NOT NULL DEFAULT 0, ready_s19 integer NOT NULL DEFAULT 0, ready_s20 integer NOT NULL DEFAULT 0, ready_s21 integer NOT NULL DEFAULT 0, ready_s22 integer NOT NULL DEFAULT 0, ready_s23 integer NOT NULL DEFAULT 0,
  ready_s24 integer NOT NULL DEFAULT 0,
  PRIMARY KEY (route, release, step, at)
);
CREATE INDEX telemetry_series_at_idx ON telemetry_series (step, at);

-- Per route, release, day and every part of a view's client (null parts as '' or -1, so that the key is
-- one): the splits by client, OS, engine and app version, cohort and where the page came from.
CREATE TABLE telemetry_splits (
  route text NOT NULL,
  release text NOT NULL,
  day date NOT NULL,
  client text NOT NULL,
  os text NOT NULL,
  engine text NOT NULL,
  engine_major integer NOT NULL,
  app_version text NOT NULL,
  cohort text NOT NULL,
  via text NOT NULL,
  views integer NOT NULL DEFAULT 0,
  error_views integer NOT NULL DEFAULT 0,
  never_ready_views integer NOT NULL DEFAULT 0,
  PRIMARY KEY (route, release, day, client, os, engine, engine_major, app_version, cohort, via)
);
CREATE INDEX telemetry_splits_day_idx ON telemetry_splits (day);

-- Per route, release, day and problem group (kind and where: frame, file, endpoint and status, or message).
CREATE TABLE telemetry_problems (
  route text NOT NULL,
  release text NOT NULL,
  day date NOT NULL,
  kind text NOT NULL,
  grp text NOT NULL,
  message text NOT NULL,
  file text,
  frame text,
  endpoint text,
  status integer,
  views integer NOT NULL DEFAULT 0,
  first_at timestamptz NOT NULL,
  last_at timestamptz NOT NULL,
  PRIMARY KEY (route, release, day, kind, grp)
);
CREATE INDEX telemetry_problems_day_idx ON telemetry_problems (day);

-- Per route, release and source bucket, over the release's life: what the decision rule reads
-- (common/telemetry/robust.ts); deleted once the release has had no report for the retention.
CREATE TABLE telemetry_sources (
  route text NOT NULL,
  release text NOT NULL,
  source smallint NOT NULL,
  first_at timestamptz NOT NULL,
  last_at timestamptz NOT NULL,
  views integer NOT NULL DEFAULT 0,
  error_views integer NOT NULL DEFAULT 0,
  never_ready_views integer NOT NULL DEFAULT 0,
  -- Its views' ready and LCP in MS_BUCKETS, as arrays: read whole, a row a source.
  ready integer[] NOT NULL,
  lcp integer[] NOT NULL,
  PRIMARY KEY (route, release, source)
);

-- The releases a deploy made live (POST /ops/releases; the demo registers the build it serves), and
-- every event of theirs: only these are counted and judged.
CREATE TABLE telemetry_releases (
  route text NOT NULL,
  release text NOT NULL,
  PRIMARY KEY (route, release)
);
CREATE TABLE telemetry_release_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  route text NOT NULL,
  release text NOT NULL,
  kind text NOT NULL,
  run text NOT NULL
);
CREATE INDEX telemetry_release_events_route_idx ON telemetry_release_events (route, at);

-- Reports not counted, by hour and why; a bounded sample of those for releases no deploy made live.
CREATE TABLE telemetry_not_counted (
  hour timestamptz NOT NULL,
  reason text NOT NULL,
  n integer NOT NULL DEFAULT 0,
  PRIMARY KEY (hour, reason)
);
CREATE TABLE telemetry_unknown_sample (
  received_at timestamptz NOT NULL,
  route text NOT NULL,
  release text NOT NULL,
  body jsonb NOT NULL
);
CREATE INDEX telemetry_unknown_sample_received_idx ON telemetry_unknown_sample (received_at);

-- The bytes each source stored a day (its key a keyed hash of the day and the address, unlinkable
-- across days), against its budget.
CREATE TABLE telemetry_budget (
  day date NOT NULL,
  source text NOT NULL,
  bytes bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (day, source)
);

-- The key of those hashes: random, made by the first server that needs it, shared by every instance.
CREATE TABLE telemetry_key (
  id integer PRIMARY KEY CHECK (id = 1),
  key bytea NOT NULL
);
