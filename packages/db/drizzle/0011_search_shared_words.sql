-- Issue 19, search at 100,000 robots: a search word is found in a robot's text by the words
-- of its facet set where it can be. A robot's search and compact text are split into the
-- words without a digit (its maker, aliases, category, applications, industries, the
-- letters-only parts of its model: shared by many robots) and the words with one (model
-- numbers: the robot's own). The first kind becomes part of the facet set's key, the
-- second stays on the robot. A token is in the text iff it is in a word of either part
-- (a token has no space), so "fanuc" is matched on ~200 sets, not by rechecking
-- 17,000 robots' text, and the robots of a matching set are counted from an index alone.
-- The words of one kind of one text, in their order, space-joined ('' when none). One
-- regular expression each (the function is inlined where it is called): a word is what
-- lies between spaces, so removing " <word with a digit>" leaves the others and removing
-- " <word without one>" leaves the rest.
CREATE FUNCTION "robot_text_words"("t" text, "with_digits" boolean) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(CASE WHEN "with_digits" THEN regexp_replace(' ' || "t", ' [^ 0-9]+(?= |$)', '', 'g')
                    ELSE regexp_replace(' ' || "t", ' [^ ]*[0-9][^ ]*', '', 'g') END)
$$;
--> statement-breakpoint
TRUNCATE "robot_search";
--> statement-breakpoint
TRUNCATE "robot_facet_sets" RESTART IDENTITY;
--> statement-breakpoint
ALTER TABLE "robot_facet_sets" DROP CONSTRAINT "robot_facet_sets_unique";
--> statement-breakpoint
ALTER TABLE "robot_facet_sets" ADD COLUMN "shared_search" text NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE "robot_facet_sets" ADD COLUMN "shared_compact" text NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE "robot_facet_sets" ADD CONSTRAINT "robot_facet_sets_unique" UNIQUE ("category", "manufacturer", "applications", "industries", "shared_search", "shared_compact");
--> statement-breakpoint
DROP INDEX "robot_search_match_trgm_idx";
--> statement-breakpoint
DROP INDEX "robot_search_search_text_trgm_idx";
--> statement-breakpoint
ALTER TABLE "robot_search" DROP COLUMN "search_text";
--> statement-breakpoint
ALTER TABLE "robot_search" DROP COLUMN "compact_text";
--> statement-breakpoint
ALTER TABLE "robot_search" ADD COLUMN "row_search" text NOT NULL;
--> statement-breakpoint
ALTER TABLE "robot_search" ADD COLUMN "row_compact" text NOT NULL;
--> statement-breakpoint
-- The robot's own words: one index scan finds the robots whose model numbers hold a token.
CREATE INDEX "robot_search_row_trgm_idx" ON "robot_search" USING gin (("row_compact" || ' ' || "row_search") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "robot_search_row_search_trgm_idx" ON "robot_search" USING gin ("row_search" gin_trgm_ops);
--> statement-breakpoint
-- The robots of a set within a figure range, counted without visiting them (index-only).
CREATE INDEX "robot_search_set_payload_idx" ON "robot_search" USING btree ("facet_set", "payload_kg") INCLUDE ("reach_mm", "dof", "price_min_usd", "price_max_usd");
--> statement-breakpoint
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
                                "price_min_usd", "price_max_usd", "row_search", "row_compact")
      SELECT n."id", f."id", n."manufacturer", n."model", n."payload_kg", n."reach_mm", n."dof",
             n."price_min_usd", n."price_max_usd", robot_text_words(n."search_text", true), robot_text_words(n."compact_text", true)
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
                                "price_min_usd", "price_max_usd", "row_search", "row_compact")
      SELECT n."id", f."id", n."manufacturer", n."model", n."payload_kg", n."reach_mm", n."dof",
             n."price_min_usd", n."price_max_usd", robot_text_words(n."search_text", true), robot_text_words(n."compact_text", true)
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
-- The robots already there.
INSERT INTO "robot_facet_sets" ("category", "manufacturer", "applications", "industries", "shared_search", "shared_compact")
  SELECT DISTINCT "category", "manufacturer", "applications", "industries",
         robot_text_words("search_text", false), robot_text_words("compact_text", false)
  FROM "robots"
  WHERE "listed" AND "status" = 'active'
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "robot_search" ("id", "facet_set", "manufacturer", "model", "payload_kg", "reach_mm", "dof",
                            "price_min_usd", "price_max_usd", "row_search", "row_compact")
  SELECT n."id", f."id", n."manufacturer", n."model", n."payload_kg", n."reach_mm", n."dof",
         n."price_min_usd", n."price_max_usd", robot_text_words(n."search_text", true), robot_text_words(n."compact_text", true)
  FROM "robots" n
  JOIN "robot_facet_sets" f ON f."category" = n."category" AND f."manufacturer" = n."manufacturer"
    AND f."applications" = n."applications" AND f."industries" = n."industries"
    AND f."shared_search" = robot_text_words(n."search_text", false) AND f."shared_compact" = robot_text_words(n."compact_text", false)
  WHERE n."listed" AND n."status" = 'active';
--> statement-breakpoint
UPDATE "robot_facet_sets" f SET "robots" = x."n"
  FROM (SELECT "facet_set", count(*)::int AS "n" FROM "robot_search" GROUP BY "facet_set") x
  WHERE f."id" = x."facet_set";
