-- Issue 14: cells fixed in the import wizard's validate grid travel with the upload, so
-- validate, import and the error report (errors.csv) read the fixed values. edits maps the
-- 1-based data row to { column name: the typed value } (the file's own rows stay as read).
ALTER TABLE "bulk_uploads" ADD COLUMN "edits" jsonb DEFAULT '{}'::jsonb NOT NULL;
