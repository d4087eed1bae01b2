-- Indexes for every lookup the repositories make that no primary key, unique constraint or
-- earlier index serves (issue 17: one heavy user must not slow everyone).

-- Children of a folder whatever the user (child counts, subtree sizes, the ON DELETE CASCADE of
-- parent_id). `folders_parent_idx` (user_id, parent_id, position) leads with user_id, so it
-- cannot serve `parent_id = x` alone.
CREATE INDEX folders_parent_id_idx ON folders (parent_id);

-- ON DELETE SET NULL of a category would otherwise scan every folder.
CREATE INDEX folders_category_idx ON folders (category_id) WHERE category_id IS NOT NULL;

-- A user's uploads (capacity) and the collection of old unattached ones.
CREATE INDEX uploads_user_idx ON uploads (user_id, created_at);

-- A user's shares (ON DELETE CASCADE of users).
CREATE INDEX shares_user_idx ON shares (user_id);

-- A user's import jobs (ON DELETE CASCADE of users; the poll reads by primary key).
CREATE INDEX cloud_import_jobs_user_idx ON cloud_import_jobs (user_id);

-- The per-user limits (services/folder-limits.ts): a user's folders, and the files an import
-- has still to add into a folder.
CREATE INDEX folders_user_folders_idx ON folders (user_id) WHERE type <> 0;
CREATE INDEX cloud_import_items_pending_idx ON cloud_import_items (folder_id) WHERE status = 'pending';
