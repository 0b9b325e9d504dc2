-- Issue 14: cells fixed in the import wizard's validate grid travel with the upload, so
-- validate, import and the error report (errors.csv) read the fixed values. edits maps the
-- 1-based data row to { column name: the typed value } (the file's own rows stay as read).
ALTER TABLE "bulk_uploads" ADD COLUMN "edits" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
-- The robots each import wrote or matched (import_id: the upload's id), so the wizard's result
-- links to the catalog filtered to that import. A deleted robot leaves its import.
CREATE TABLE "bulk_import_robots" (
  "import_id" uuid NOT NULL,
  "owner_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "robot_id" uuid NOT NULL REFERENCES "robots"("id") ON DELETE cascade,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "bulk_import_robots_pk" PRIMARY KEY ("import_id", "robot_id")
);--> statement-breakpoint
CREATE INDEX "bulk_import_robots_robot_idx" ON "bulk_import_robots" ("robot_id");
