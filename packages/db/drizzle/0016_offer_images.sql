-- Offer images (issue 13): up to 8 pictures per offer, in the supplier's order. The files
-- live in object storage (local folder or S3) under immutable keys; a row holds the keys of
-- the original (EXIF stripped, orientation applied) and of the derived WebP sizes. The cap
-- of 8 is the table's: positions are 0-7 and unique per offer (checked at the end of each
-- statement, so a reorder can swap positions in one UPDATE).
CREATE TABLE "offer_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL REFERENCES "offers"("id") ON DELETE CASCADE,
	"position" smallint NOT NULL,
	"original_key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"display_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"thumb_width" integer NOT NULL,
	"thumb_height" integer NOT NULL,
	"display_width" integer NOT NULL,
	"display_height" integer NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_images_position_range" CHECK ("position" BETWEEN 0 AND 7),
	CONSTRAINT "offer_images_offer_position_unique" UNIQUE ("offer_id", "position") DEFERRABLE INITIALLY IMMEDIATE
);
--> statement-breakpoint
-- The catalog card's picture: the first image of the cheapest active offer that has one
-- (then the shortest lead time, then the oldest), kept with the other offer figures.
ALTER TABLE "robot_offer_summaries" ADD COLUMN "cover_image" jsonb;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "refresh_offer_summaries"(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "robot_offer_summaries" WHERE "robot_id" = ANY(ids);
  INSERT INTO "robot_offer_summaries" ("robot_id", "offers", "price_min_usd", "price_max_usd", "lead_time_weeks_min", "conditions", "cover_image")
    SELECT o."robot_id", count(*)::int,
           min(coalesce(o."price_min", o."price_max")) FILTER (WHERE o."currency" = 'USD'),
           max(coalesce(o."price_max", o."price_min")) FILTER (WHERE o."currency" = 'USD'),
           min(o."lead_time_weeks"),
           array_agg(DISTINCT o."condition" ORDER BY o."condition"),
           (SELECT jsonb_build_object('id', i."id", 'width', i."thumb_width", 'height', i."thumb_height", 'alt', i."alt")
              FROM "offers" c JOIN "offer_images" i ON i."offer_id" = c."id"
              WHERE c."robot_id" = o."robot_id" AND c."status" = 'active'
              ORDER BY coalesce(c."price_min", c."price_max") ASC NULLS LAST, c."lead_time_weeks" ASC NULLS LAST, c."created_at", c."id", i."position"
              LIMIT 1)
    FROM "offers" o
    WHERE o."robot_id" = ANY(ids) AND o."status" = 'active'
    GROUP BY o."robot_id";
  INSERT INTO "robot_changes" ("robot_id") SELECT unnest(ids);
END $$;
--> statement-breakpoint
CREATE FUNCTION "offer_image_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "refresh_offer_summaries"(ARRAY(SELECT DISTINCT o."robot_id" FROM "old_rows" x JOIN "offers" o ON o."id" = x."offer_id"));
  ELSE
    PERFORM "refresh_offer_summaries"(ARRAY(SELECT DISTINCT o."robot_id" FROM "new_rows" x JOIN "offers" o ON o."id" = x."offer_id"));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "offer_images_summary_inserts" AFTER INSERT ON "offer_images" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "offer_image_changes"();
--> statement-breakpoint
CREATE TRIGGER "offer_images_summary_updates" AFTER UPDATE ON "offer_images" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "offer_image_changes"();
--> statement-breakpoint
CREATE TRIGGER "offer_images_summary_deletes" AFTER DELETE ON "offer_images" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "offer_image_changes"();
