-- Issue 14: bulk_uploads.rows (one jsonb array per upload) is dropped. Since 0025 the rows are
-- in bulk_upload_rows, in chunks of up to 1,000 rows, and no code reads or writes the column.
-- An upload an older API stored after 0025 ran (rows in the column, no chunks) and that is
-- still open is not lost: its array is cut into chunks first, exactly as 0025 did.
INSERT INTO "bulk_upload_rows" ("upload_id", "chunk", "body")
  SELECT b."id", ((e."n" - 1) / 1000)::integer, string_agg(e."value"::text, ',' ORDER BY e."n")
  FROM "bulk_uploads" b CROSS JOIN LATERAL jsonb_array_elements(b."rows") WITH ORDINALITY AS e("value", "n")
  WHERE b."rows" IS NOT NULL AND jsonb_typeof(b."rows") = 'array'
    AND NOT EXISTS (SELECT 1 FROM "bulk_upload_rows" c WHERE c."upload_id" = b."id")
  GROUP BY b."id", (e."n" - 1) / 1000;--> statement-breakpoint
ALTER TABLE "bulk_uploads" DROP COLUMN "rows";
