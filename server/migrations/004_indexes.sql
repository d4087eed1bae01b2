-- Indexes for every lookup the repositories make that no primary key, unique constraint or
-- earlier index serves (issue 17: one heavy user must not slow everyone).

-- Children of a folder whatever the user (child counts, subtree sizes, the ON DELETE CASCADE of
-- parent_id). `folders_parent_idx` (user_id, parent_id, position) leads with user_id, so it
-- cannot serve `parent_id = x` alone.
CREATE INDEX folders_parent_id_idx ON folders (parent_id);

-- ON DELETE SET NULL of a category would otherwise scan every folder.
CREATE INDEX folders_category_idx ON folders (category_id) WHERE category_id IS NOT NULL;

-- Uploads count against the capacity until they are attached (a cover or a book file); the
-- unattached ones are collected after a day (issue 17 item 4). Uploads already in use are attached.
ALTER TABLE uploads ADD COLUMN attached_at timestamptz;
UPDATE uploads u SET attached_at = u.created_at
WHERE EXISTS (SELECT 1 FROM folders f WHERE f.user_id = u.user_id
  AND (f.file_url = '/uploads/' || u.file_name OR f.image_url LIKE '%/uploads/' || u.file_name));
CREATE INDEX uploads_unattached_user_idx ON uploads (user_id) WHERE attached_at IS NULL;
CREATE INDEX uploads_unattached_age_idx ON uploads (created_at) WHERE attached_at IS NULL;

-- A user's shares (ON DELETE CASCADE of users).
CREATE INDEX shares_user_idx ON shares (user_id);

-- A user's import jobs (ON DELETE CASCADE of users; the poll reads by primary key).
CREATE INDEX cloud_import_jobs_user_idx ON cloud_import_jobs (user_id);

-- The per-user limits (services/folder-limits.ts): a user's folders, and the files an import
-- has still to add into a folder.
CREATE INDEX folders_user_folders_idx ON folders (user_id) WHERE type <> 0;
CREATE INDEX cloud_import_items_pending_idx ON cloud_import_items (folder_id) WHERE status = 'pending';
