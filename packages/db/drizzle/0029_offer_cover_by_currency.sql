-- Issue 13, session 13: the card's cover picture was the first picture of the offer with the
-- lowest raw amount, whatever its currency (£23,000 before $29,000 although £23,000 ≈ $29,394).
-- The database holds no exchange rate (0026): cover_image now keeps the candidates, a jsonb
-- array with, for each currency, the first picture of that currency's first offer with
-- pictures (lowest price, then shortest lead time, then newest), and the same for the unpriced
-- offers, each with its price, currency, lead time and creation time. The API picks the cover
-- among them through the one currency table (packages/requirements/src/currency.ts), in the
-- order of the robot page's offers table. Everything else of the summary is as in 0026.
CREATE OR REPLACE FUNCTION "refresh_offer_summaries"(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "robot_offer_summaries" WHERE "robot_id" = ANY(ids);
  INSERT INTO "robot_offer_summaries" ("robot_id", "offers", "price_min_usd", "price_max_usd", "lead_time_weeks_min", "conditions", "cover_image", "price_lows", "price_highs")
    SELECT o."robot_id", count(*)::int,
           min(coalesce(o."price_min", o."price_max")) FILTER (WHERE o."currency" = 'USD'),
           max(coalesce(o."price_max", o."price_min")) FILTER (WHERE o."currency" = 'USD'),
           min(o."lead_time_weeks"),
           array_agg(DISTINCT o."condition" ORDER BY o."condition"),
           (SELECT jsonb_agg(k."cover") FROM (
              SELECT DISTINCT ON (CASE WHEN coalesce(c."price_min", c."price_max") IS NULL THEN '' ELSE c."currency" END)
                     jsonb_build_object('id', i."id", 'width', i."thumb_width", 'height', i."thumb_height", 'alt', i."alt",
                                        'currency', c."currency", 'price', coalesce(c."price_min", c."price_max"),
                                        'lead_time_weeks', c."lead_time_weeks", 'created_at', c."created_at") AS "cover"
              FROM "offers" c JOIN "offer_images" i ON i."offer_id" = c."id"
              WHERE c."robot_id" = o."robot_id" AND c."status" = 'active'
              ORDER BY CASE WHEN coalesce(c."price_min", c."price_max") IS NULL THEN '' ELSE c."currency" END,
                       coalesce(c."price_min", c."price_max") ASC NULLS LAST, c."lead_time_weeks" ASC NULLS LAST, c."created_at" DESC, c."id", i."position") k),
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
-- The summaries of the models offered today, with their cover candidates.
SELECT "refresh_offer_summaries"(ARRAY(SELECT DISTINCT "robot_id" FROM "offers" WHERE "status" = 'active'));
