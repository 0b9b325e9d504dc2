-- Issue 19: robot_search's trigger functions were re-created whole by 0008, 0009, 0011 and
-- 0012, each a near-copy of the last (a column added to one copy and not the other was how
-- 0009 and 0011 collided). From here one function adds robots to the public search copy and
-- one removes them; the insert, update and delete triggers call them with the ids of their
-- transition tables (a called function cannot see those tables, so it reads the robots
-- themselves: an AFTER trigger sees them in their new state). A new search column is now
-- one change in robot_search_add.
CREATE FUNCTION "robot_search_add"("ids" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
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
                                "ip_rating", "cleanroom_iso_class", "food_grade", "mounting", "maker_country")
      SELECT n."id", f."id", n."manufacturer", n."model", n."payload_kg", n."reach_mm", n."dof",
             n."price_min_usd", n."price_max_usd", robot_text_words(n."search_text", true), robot_text_words(n."compact_text", true),
             n."ip_rating", n."cleanroom_iso_class", n."food_grade", n."mounting", n."maker_country"
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
--> statement-breakpoint
CREATE FUNCTION "robot_search_remove"("ids" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH "gone" AS (
    DELETE FROM "robot_search" s USING unnest("ids") AS u("id") WHERE s."id" = u."id" RETURNING s."facet_set"
  )
  UPDATE "robot_facet_sets" f SET "robots" = f."robots" - x."n"
    FROM (SELECT "facet_set", count(*)::int AS "n" FROM "gone" GROUP BY "facet_set") x
    WHERE f."id" = x."facet_set";
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "robot_search_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM robot_search_add(ARRAY(SELECT "id" FROM "new_rows"));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update is a removal of the old rows and an addition of the new ones.
CREATE OR REPLACE FUNCTION "robot_search_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM robot_search_remove(ARRAY(SELECT "id" FROM "old_rows"));
  PERFORM robot_search_add(ARRAY(SELECT "id" FROM "new_rows"));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "robot_search_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM robot_search_remove(ARRAY(SELECT "id" FROM "old_rows"));
  RETURN NULL;
END $$;
