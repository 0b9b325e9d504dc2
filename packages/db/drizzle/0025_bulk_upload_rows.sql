-- Issue 14: an upload's parsed rows are stored in chunks of up to 1,000 rows, one row of
-- bulk_upload_rows each, written while the file is read and read back in order by
-- validate, import and the error report. The former single jsonb value per upload
-- (bulk_uploads.rows) could not hold a 1,000,000-row file (a jsonb value is limited to
-- 255 MB, and it was built and read whole by PostgreSQL). body is the chunk's rows as JSON
-- arrays joined by commas, without the outer brackets ('[' || body || ']' is a JSON array).
CREATE TABLE "bulk_upload_rows" (
  "upload_id" uuid NOT NULL REFERENCES "bulk_uploads"("id") ON DELETE cascade,
  "chunk" integer NOT NULL,
  "body" text NOT NULL,
  CONSTRAINT "bulk_upload_rows_pk" PRIMARY KEY ("upload_id", "chunk")
);--> statement-breakpoint
-- Pending uploads keep their rows: the stored array is cut into chunks of 1,000 in order.
INSERT INTO "bulk_upload_rows" ("upload_id", "chunk", "body")
  SELECT b."id", ((e."n" - 1) / 1000)::integer, string_agg(e."value"::text, ',' ORDER BY e."n")
  FROM "bulk_uploads" b CROSS JOIN LATERAL jsonb_array_elements(b."rows") WITH ORDINALITY AS e("value", "n")
  GROUP BY b."id", (e."n" - 1) / 1000;--> statement-breakpoint
-- The old column is no longer written or read (dropped in a later migration once no older API runs).
ALTER TABLE "bulk_uploads" ALTER COLUMN "rows" DROP NOT NULL;--> statement-breakpoint
UPDATE "bulk_uploads" SET "rows" = NULL;
