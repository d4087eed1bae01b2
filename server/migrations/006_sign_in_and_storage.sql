-- Production sign-in (issue 40 item 1): a user of the product's login system is known by the subject
-- (`sub`) of its tokens, and has no fixed token; the demo users keep theirs and have no subject.
ALTER TABLE users ALTER COLUMN token DROP NOT NULL;
ALTER TABLE users ADD COLUMN subject text UNIQUE;
ALTER TABLE users ADD CONSTRAINT users_token_or_subject CHECK (token IS NOT NULL OR subject IS NOT NULL);

-- Uploads on their way to storage (issue 40 item 3): the random id of a file (its name without the
-- extension, which its bytes decide later) from before its first byte is written until it has its row in
-- `uploads` (or is removed). The collector never deletes a file whose id is here, so with several
-- instances on one bucket no collector deletes what another is writing, whatever the clocks say; a row
-- older than two hours is a writer that died, and is forgotten.
CREATE TABLE upload_writes (
  upload_id text PRIMARY KEY,
  started_at timestamptz NOT NULL DEFAULT now()
);
