-- Issue 13, session 12: a model offered only in EUR (or GBP) showed no price ("1 offer"): the
-- summary kept the USD offers' prices only (0010: no exchange rates in the database). It now
-- also keeps, per currency, the lowest and highest price of the model's active priced offers
-- ({"EUR": 24000, "USD": 42000}). The API compares them through the one currency table
-- (packages/requirements/src/currency.ts) to name the lowest offer in its own currency and to
-- filter and sort by price; no rate is stored here. price_min_usd/price_max_usd stay the USD
-- offers' own band (unconverted), as before.
ALTER TABLE "robot_offer_summaries" ADD COLUMN "price_lows" jsonb;
--> statement-breakpoint
ALTER TABLE "robot_offer_summaries" ADD COLUMN "price_highs" jsonb;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "refresh_offer_summaries"(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "robot_offer_summaries" WHERE "robot_id" = ANY(ids);
  INSERT INTO "robot_offer_summaries" ("robot_id", "offers", "price_min_usd", "price_max_usd", "lead_time_weeks_min", "conditions", "cover_image", "price_lows", "price_highs")
    SELECT o."robot_id", count(*)::int,
           min(coalesce(o."price_min", o."price_max")) FILTER (WHERE o."currency" = 'USD'),
           max(coalesce(o."price_max", o."price_min")) FILTER (WHERE o."currency" = 'USD'),
           min(o."lead_time_weeks"),
           array_agg(DISTINCT o."condition" ORDER BY o."condition"),
           (SELECT jsonb_build_object('id', i."id", 'width', i."thumb_width", 'height', i."thumb_height", 'alt', i."alt")
              FROM "offers" c JOIN "offer_images" i ON i."offer_id" = c."id"
              WHERE c."robot_id" = o."robot_id" AND c."status" = 'active'
              ORDER BY coalesce(c."price_min", c."price_max") ASC NULLS LAST, c."lead_time_weeks" ASC NULLS LAST, c."created_at", c."id", i."position"
              LIMIT 1),
           (SELECT jsonb_object_agg(p."currency", p."low") FROM (
              SELECT c."currency", min(coalesce(c."price_min", c."price_max")) AS "low"
              FROM "offers" c
              WHERE c."robot_id" = o."robot_id" AND c."status" = 'active' AND coalesce(c."price_min", c."price_max") IS NOT NULL
              GROUP BY c."currency") p),
           (SELECT jsonb_object_agg(p."currency", p."high") FROM (
              SELECT c."currency", max(coalesce(c."price_max", c."price_min")) AS "high"
              FROM "offers" c
              WHERE c."robot_id" = o."robot_id" AND c."status" = 'active' AND coalesce(c."price_min", c."price_max") IS NOT NULL
              GROUP BY c."currency") p)
    FROM "offers" o
    WHERE o."robot_id" = ANY(ids) AND o."status" = 'active'
    GROUP BY o."robot_id";
  INSERT INTO "robot_changes" ("robot_id") SELECT unnest(ids);
END $$;
--> statement-breakpoint
-- The summaries of the models offered today, in the new shape.
SELECT "refresh_offer_summaries"(ARRAY(SELECT DISTINCT "robot_id" FROM "offers" WHERE "status" = 'active'));
