-- Page releases for the app (issue 47; docs/telemetry.md "Keeping it", "Canaries"): what the decision rule
-- reads of the app's views of each rollout cohort, per minute, so that the canary watch compares the canary
-- release's canary views with the stable release's stable views in the same window (from the canary's start,
-- to the minute). Only views of the `app` client with a cohort; kept MINUTES_KEPT_HOURS (partitions.ts).
CREATE TABLE telemetry_cohort_sources (
  route text NOT NULL,
  release text NOT NULL,
  cohort text NOT NULL CHECK (cohort IN ('stable', 'canary')),
  at timestamptz NOT NULL,
  source smallint NOT NULL,
  views integer NOT NULL DEFAULT 0,
  error_views integer NOT NULL DEFAULT 0,
  never_ready_views integer NOT NULL DEFAULT 0,
  -- Its views' ready and LCP in MS_BUCKETS, as arrays (as telemetry_sources).
  ready integer[] NOT NULL,
  lcp integer[] NOT NULL,
  PRIMARY KEY (route, release, cohort, at, source)
);
CREATE INDEX telemetry_cohort_sources_at_idx ON telemetry_cohort_sources (at);
