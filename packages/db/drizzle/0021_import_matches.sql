-- Issue 14: an import that left rows in error keeps its upload (until it expires, 24 hours)
-- so the wizard's result step can still offer the error report (errors.csv); imported_at
-- marks it as used: validate, edits and import answer 404 for it as before.
ALTER TABLE "bulk_uploads" ADD COLUMN "imported_at" timestamp with time zone;
