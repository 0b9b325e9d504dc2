-- Issue 12 (session 11): "repeatability 0.02 mm or better" is a catalog filter (maxRepeatability).
-- robot_search gets the robots' repeatability, filled from robots, and robot_search_add (the one
-- function the insert and update triggers call since 0018) copies it on every later write.
ALTER TABLE "robot_search" ADD COLUMN "repeatability_mm" double precision;
--> statement-breakpoint
UPDATE "robot_search" s SET "repeatability_mm" = r."repeatability_mm" FROM "robots" r WHERE r."id" = s."id";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "robot_search_add"("ids" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "robot_facet_sets" ("category", "manufacturer", "applications", "industries", "shared_search", "shared_compact")
    SELECT DISTINCT n."category", n."manufacturer", n."applications", n."industries",
           robot_text_words(n."search_text", false), robot_text_words(n."compact_text", false)
    FROM unnest("ids") AS u("id") JOIN "robots" n ON n."id" = u."id"
    WHERE n."listed" AND n."status" = 'active'
    ON CONFLICT DO NOTHING;
  WITH "added" AS (
    INSERT INTO "robot_search" ("id", "facet_set", "manufacturer", "model", "payload_kg", "reach_mm", "dof",
                                "price_min_usd", "price_max_usd", "row_search", "row_compact",
                                "ip_rating", "cleanroom_iso_class", "food_grade", "mounting", "maker_country", "repeatability_mm")
      SELECT n."id", f."id", n."manufacturer", n."model", n."payload_kg", n."reach_mm", n."dof",
             n."price_min_usd", n."price_max_usd", robot_text_words(n."search_text", true), robot_text_words(n."compact_text", true),
             n."ip_rating", n."cleanroom_iso_class", n."food_grade", n."mounting", n."maker_country", n."repeatability_mm"
      FROM unnest("ids") AS u("id")
      JOIN "robots" n ON n."id" = u."id"
      JOIN "robot_facet_sets" f ON f."category" = n."category" AND f."manufacturer" = n."manufacturer"
        AND f."applications" = n."applications" AND f."industries" = n."industries"
        AND f."shared_search" = robot_text_words(n."search_text", false) AND f."shared_compact" = robot_text_words(n."compact_text", false)
      WHERE n."listed" AND n."status" = 'active'
      RETURNING "facet_set"
  )
  UPDATE "robot_facet_sets" f SET "robots" = f."robots" + x."n"
    FROM (SELECT "facet_set", count(*)::int AS "n" FROM "added" GROUP BY "facet_set") x
    WHERE f."id" = x."facet_set";
END $$;
