-- Storage that adds up (issue 32 item 1): every stored file counts against its owner's capacity
-- while it is kept, and goes (row and file) when nothing uses it any more.

-- The book whose file an upload is (a cloud-drive import): that book's `file_size_mb` counts it, and
-- deleting the book deletes the row. NULL = a cover or an upload not attached yet, counted itself.
ALTER TABLE uploads ADD COLUMN book_id integer REFERENCES folders (id) ON DELETE CASCADE;
UPDATE uploads u SET book_id = f.id FROM folders f
WHERE f.user_id = u.user_id AND f.type = 0 AND f.file_url = '/uploads/' || u.file_name;
CREATE INDEX uploads_book_idx ON uploads (book_id) WHERE book_id IS NOT NULL;

-- The folders that show an upload as their cover: a cover goes when the last of them stops.
-- (Book files of imports deleted before this migration are now unused attached uploads: the
-- collector deletes them, rows and files, on the next start.)
CREATE INDEX folders_image_url_idx ON folders (image_url);
