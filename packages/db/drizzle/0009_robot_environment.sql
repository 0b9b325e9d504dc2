-- Issue 12, "catalog data to match": what a buyer asks of a robot's environment and
-- installation, as nullable columns (null: the maker publishes no value we hold; never a guess).
-- ip_rating: the IP code's two digits as a number (IP67 -> 67); cleanroom_iso_class: ISO
-- 14644-1 class (lower is cleaner); mounting: the orientations the maker allows (floor,
-- ceiling, wall, angle); max_speed_mm_s: maximum TCP speed; environment_source: where
-- these values come from (the maker's datasheet); maker_country: the maker's home country.
ALTER TABLE "robots" ADD COLUMN "ip_rating" smallint;--> statement-breakpoint
ALTER TABLE "robots" ADD COLUMN "cleanroom_iso_class" smallint;--> statement-breakpoint
ALTER TABLE "robots" ADD COLUMN "food_grade" boolean;--> statement-breakpoint
ALTER TABLE "robots" ADD COLUMN "mounting" text[];--> statement-breakpoint
ALTER TABLE "robots" ADD COLUMN "max_speed_mm_s" double precision;--> statement-breakpoint
ALTER TABLE "robots" ADD COLUMN "environment_source" text;--> statement-breakpoint
ALTER TABLE "robots" ADD COLUMN "maker_country" text;--> statement-breakpoint
-- The filters of the catalog search, on its narrow copy (migration 0008).
ALTER TABLE "robot_search" ADD COLUMN "ip_rating" smallint;--> statement-breakpoint
ALTER TABLE "robot_search" ADD COLUMN "cleanroom_iso_class" smallint;--> statement-breakpoint
ALTER TABLE "robot_search" ADD COLUMN "food_grade" boolean;--> statement-breakpoint
ALTER TABLE "robot_search" ADD COLUMN "mounting" text[];--> statement-breakpoint
ALTER TABLE "robot_search" ADD COLUMN "maker_country" text;--> statement-breakpoint
-- The trigger functions of 0008, copying the new columns too.
CREATE OR REPLACE FUNCTION "robot_search_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "robot_facet_sets" ("category", "manufacturer", "applications", "industries")
    SELECT DISTINCT "category", "manufacturer", "applications", "industries" FROM "new_rows"
    WHERE "listed" AND "status" = 'active'
    ON CONFLICT DO NOTHING;
  WITH "added" AS (
    INSERT INTO "robot_search" ("id", "facet_set", "manufacturer", "model", "payload_kg", "reach_mm", "dof",
                                "price_min_usd", "price_max_usd", "search_text", "compact_text",
                                "ip_rating", "cleanroom_iso_class", "food_grade", "mounting", "maker_country")
      SELECT n."id", f."id", n."manufacturer", n."model", n."payload_kg", n."reach_mm", n."dof",
             n."price_min_usd", n."price_max_usd", n."search_text", n."compact_text",
             n."ip_rating", n."cleanroom_iso_class", n."food_grade", n."mounting", n."maker_country"
      FROM "new_rows" n
      JOIN "robot_facet_sets" f ON f."category" = n."category" AND f."manufacturer" = n."manufacturer"
        AND f."applications" = n."applications" AND f."industries" = n."industries"
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
  INSERT INTO "robot_facet_sets" ("category", "manufacturer", "applications", "industries")
    SELECT DISTINCT "category", "manufacturer", "applications", "industries" FROM "new_rows"
    WHERE "listed" AND "status" = 'active'
    ON CONFLICT DO NOTHING;
  WITH "added" AS (
    INSERT INTO "robot_search" ("id", "facet_set", "manufacturer", "model", "payload_kg", "reach_mm", "dof",
                                "price_min_usd", "price_max_usd", "search_text", "compact_text",
                                "ip_rating", "cleanroom_iso_class", "food_grade", "mounting", "maker_country")
      SELECT n."id", f."id", n."manufacturer", n."model", n."payload_kg", n."reach_mm", n."dof",
             n."price_min_usd", n."price_max_usd", n."search_text", n."compact_text",
             n."ip_rating", n."cleanroom_iso_class", n."food_grade", n."mounting", n."maker_country"
      FROM "new_rows" n
      JOIN "robot_facet_sets" f ON f."category" = n."category" AND f."manufacturer" = n."manufacturer"
        AND f."applications" = n."applications" AND f."industries" = n."industries"
      WHERE n."listed" AND n."status" = 'active'
      RETURNING "facet_set"
  )
  UPDATE "robot_facet_sets" f SET "robots" = f."robots" + x."n"
    FROM (SELECT "facet_set", count(*)::int AS "n" FROM "added" GROUP BY "facet_set") x
    WHERE f."id" = x."facet_set";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The makers' home countries (packages/contracts/src/constants/makers.ts; migrations.test.ts
-- checks they agree): every write path sets maker_country from the same list. The update
-- trigger above copies it to robot_search.
UPDATE "robots" SET "maker_country" = CASE
    WHEN split_part("normalized_key", '|', 1) IN ('fanuc') THEN 'JP'
    WHEN split_part("normalized_key", '|', 1) IN ('abb') THEN 'CH'
    WHEN split_part("normalized_key", '|', 1) IN ('kuka') THEN 'DE'
    WHEN split_part("normalized_key", '|', 1) IN ('yaskawa', 'yaskawamotoman', 'motoman') THEN 'JP'
    WHEN split_part("normalized_key", '|', 1) IN ('universalrobots') THEN 'DK'
    WHEN split_part("normalized_key", '|', 1) IN ('staubli', 'staeubli') THEN 'CH'
    WHEN split_part("normalized_key", '|', 1) IN ('epson') THEN 'JP'
    WHEN split_part("normalized_key", '|', 1) IN ('kawasaki', 'kawasakirobotics') THEN 'JP'
    WHEN split_part("normalized_key", '|', 1) IN ('denso', 'densowave') THEN 'JP'
    WHEN split_part("normalized_key", '|', 1) IN ('nachi', 'nachifujikoshi') THEN 'JP'
    WHEN split_part("normalized_key", '|', 1) IN ('mitsubishielectric', 'mitsubishi') THEN 'JP'
    WHEN split_part("normalized_key", '|', 1) IN ('omron', 'omronadept') THEN 'JP'
    WHEN split_part("normalized_key", '|', 1) IN ('comau') THEN 'IT'
    WHEN split_part("normalized_key", '|', 1) IN ('doosanrobotics', 'doosan') THEN 'KR'
    WHEN split_part("normalized_key", '|', 1) IN ('techmanrobot', 'techman') THEN 'TW'
    WHEN split_part("normalized_key", '|', 1) IN ('frankarobotics', 'frankaemika', 'franka') THEN 'DE'
    WHEN split_part("normalized_key", '|', 1) IN ('kinova') THEN 'CA'
    WHEN split_part("normalized_key", '|', 1) IN ('yamaha', 'yamahamotor') THEN 'JP'
    WHEN split_part("normalized_key", '|', 1) IN ('hyundairobotics', 'hyundai') THEN 'KR'
    WHEN split_part("normalized_key", '|', 1) IN ('hanwharobotics', 'hanwha') THEN 'KR'
    WHEN split_part("normalized_key", '|', 1) IN ('estun') THEN 'CN'
    WHEN split_part("normalized_key", '|', 1) IN ('efort') THEN 'CN'
    WHEN split_part("normalized_key", '|', 1) IN ('siasun') THEN 'CN'
    WHEN split_part("normalized_key", '|', 1) IN ('aubo') THEN 'CN'
    WHEN split_part("normalized_key", '|', 1) IN ('dobot') THEN 'CN'
    WHEN split_part("normalized_key", '|', 1) IN ('jaka') THEN 'CN'
    WHEN split_part("normalized_key", '|', 1) IN ('eliterobots', 'eliterobot') THEN 'CN'
  END
WHERE split_part("normalized_key", '|', 1) IN ('fanuc', 'abb', 'kuka', 'yaskawa', 'yaskawamotoman', 'motoman', 'universalrobots', 'staubli', 'staeubli', 'epson', 'kawasaki', 'kawasakirobotics', 'denso', 'densowave', 'nachi', 'nachifujikoshi', 'mitsubishielectric', 'mitsubishi', 'omron', 'omronadept', 'comau', 'doosanrobotics', 'doosan', 'techmanrobot', 'techman', 'frankarobotics', 'frankaemika', 'franka', 'kinova', 'yamaha', 'yamahamotor', 'hyundairobotics', 'hyundai', 'hanwharobotics', 'hanwha', 'estun', 'efort', 'siasun', 'aubo', 'dobot', 'jaka', 'eliterobots', 'eliterobot');
