-- Cloud-drive import (docs/contracts/api.md "Cloud-drive import").

-- The file of a picture book: '' for books made in the app, an /uploads/ URL for imported ones.
ALTER TABLE folders ADD COLUMN file_url text NOT NULL DEFAULT '';

-- One grant per user: what the host hands over after the cloud drive's sign-in. `provider` names
-- the provider module that understands `access_token` ('demo' for the reference server's drive).
CREATE TABLE cloud_drive_grants (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL,
  account_name text NOT NULL DEFAULT '',
  access_token text NOT NULL,
  refresh_token text NOT NULL DEFAULT '',
  expires_at timestamptz NOT NULL,
  granted_at timestamptz NOT NULL DEFAULT now()
);

-- An import: `album` = books into the type 1 folder `target_id`; `parent` = type 1 folders under
-- `target_id` (0 = the root). `created_ids` holds the folders a `parent` import created.
CREATE TABLE cloud_import_jobs (
  id text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  mode text NOT NULL CHECK (mode IN ('album', 'parent')),
  target_id integer NOT NULL,
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'failed')),
  reason text NOT NULL DEFAULT '',
  created_ids integer[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cloud_import_jobs_status_idx ON cloud_import_jobs (status, user_id);

-- One file of an import, in order. `folder_id` is the type 1 folder its book goes into; `size_mb`
-- (the listed size, rounded like an upload) is reserved against the capacity while pending.
CREATE TABLE cloud_import_items (
  job_id text NOT NULL REFERENCES cloud_import_jobs (id) ON DELETE CASCADE,
  position integer NOT NULL,
  fs_id text NOT NULL,
  name text NOT NULL,
  folder_id integer NOT NULL,
  size_mb double precision NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
  book_id integer,
  msg text NOT NULL DEFAULT '',
  PRIMARY KEY (job_id, position)
);
