-- 0009 (environment columns) and 0011 (split search words) were written side by side:
-- 0011 replaced robot_search's trigger functions and rebuilt the table without 0009's
-- columns. The functions below copy both, and the rows already there get their
-- environment values back.
CREATE OR REPLACE FUNCTION "robot_search_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "robot_facet_sets" ("category", "manufacturer", "applications", "industries", "shared_search", "shared_compact")
    SELECT DISTINCT "category", "manufacturer", "applications", "industries",
           robot_text_words("search_text", false), robot_text_words("compact_text", false)
    FROM "new_rows"
    WHERE "listed" AND "status" = 'active'
    ON CONFLICT DO NOTHING;
  WITH "added" AS (
    INSERT INTO "robot_search" ("id", "facet_set", "manufacturer", "model", "payload_kg", "reach_mm", "dof",
                                "price_min_usd", "price_max_usd", "row_search", "row_compact",
                                "ip_rating", "cleanroom_iso_class", "food_grade", "mounting", "maker_country")
      SELECT n."id", f."id", n."manufacturer", n."model", n."payload_kg", n."reach_mm", n."dof",
             n."price_min_usd", n."price_max_usd", robot_text_words(n."search_text", true), robot_text_words(n."compact_text", true),
             n."ip_rating", n."cleanroom_iso_class", n."food_grade", n."mounting", n."maker_country"
      FROM "new_rows" n
      JOIN "robot_facet_sets" f ON f."category" = n."category" AND f."manufacturer" = n."manufacturer"
        AND f."applications" = n."applications" AND f."industries" = n."industries"
        AND f."shared_search" = robot_text_words(n."search_text", false) AND f."shared_compact" = robot_text_words(n."compact_text", false)
      WHERE n."listed" AND n."status" = 'active'
      RETURNING "facet_set"
  )
  UPDATE "robot_facet_sets" f SET "robots" = f."robots" + x."n"
    FROM (SELECT "facet_set", count(*)::int AS "n" FROM "added" GROUP BY "facet_set") x
    WHERE f."id" = x."facet_set";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "robot_search_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH "gone" AS (DELETE FROM "robot_search" WHERE "id" IN (SELECT "id" FROM "old_rows") RETURNING "facet_set")
  UPDATE "robot_facet_sets" f SET "robots" = f."robots" - x."n"
    FROM (SELECT "facet_set", count(*)::int AS "n" FROM "gone" GROUP BY "facet_set") x
    WHERE f."id" = x."facet_set";
  INSERT INTO "robot_facet_sets" ("category", "manufacturer", "applications", "industries", "shared_search", "shared_compact")
    SELECT DISTINCT "category", "manufacturer", "applications", "industries",
           robot_text_words("search_text", false), robot_text_words("compact_text", false)
    FROM "new_rows"
    WHERE "listed" AND "status" = 'active'
    ON CONFLICT DO NOTHING;
  WITH "added" AS (
    INSERT INTO "robot_search" ("id", "facet_set", "manufacturer", "model", "payload_kg", "reach_mm", "dof",
                                "price_min_usd", "price_max_usd", "row_search", "row_compact",
                                "ip_rating", "cleanroom_iso_class", "food_grade", "mounting", "maker_country")
      SELECT n."id", f."id", n."manufacturer", n."model", n."payload_kg", n."reach_mm", n."dof",
             n."price_min_usd", n."price_max_usd", robot_text_words(n."search_text", true), robot_text_words(n."compact_text", true),
             n."ip_rating", n."cleanroom_iso_class", n."food_grade", n."mounting", n."maker_country"
      FROM "new_rows" n
      JOIN "robot_facet_sets" f ON f."category" = n."category" AND f."manufacturer" = n."manufacturer"
        AND f."applications" = n."applications" AND f."industries" = n."industries"
        AND f."shared_search" = robot_text_words(n."search_text", false) AND f."shared_compact" = robot_text_words(n."compact_text", false)
      WHERE n."listed" AND n."status" = 'active'
      RETURNING "facet_set"
  )
  UPDATE "robot_facet_sets" f SET "robots" = f."robots" + x."n"
    FROM (SELECT "facet_set", count(*)::int AS "n" FROM "added" GROUP BY "facet_set") x
    WHERE f."id" = x."facet_set";
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE "robot_search" s SET "ip_rating" = r."ip_rating", "cleanroom_iso_class" = r."cleanroom_iso_class", "food_grade" = r."food_grade",
  "mounting" = r."mounting", "maker_country" = r."maker_country"
  FROM "robots" r WHERE r."id" = s."id";
