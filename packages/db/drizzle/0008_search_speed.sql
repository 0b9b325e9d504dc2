CREATE TABLE "robot_facet_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"manufacturer" text NOT NULL,
	"applications" text[] NOT NULL,
	"industries" text[] NOT NULL,
	"robots" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "robot_facet_sets_unique" UNIQUE("category","manufacturer","applications","industries")
);
--> statement-breakpoint
CREATE TABLE "robot_search" (
	"id" uuid PRIMARY KEY NOT NULL,
	"facet_set" integer NOT NULL,
	"manufacturer" text NOT NULL,
	"model" text NOT NULL,
	"payload_kg" double precision NOT NULL,
	"reach_mm" double precision NOT NULL,
	"dof" integer NOT NULL,
	"price_min_usd" integer,
	"price_max_usd" integer,
	"search_text" text NOT NULL,
	"compact_text" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "robot_search_match_trgm_idx" ON "robot_search" USING gin (("compact_text" || ' ' || "search_text") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "robot_search_search_text_trgm_idx" ON "robot_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "robot_search_maker_order_idx" ON "robot_search" USING btree ("manufacturer" collate "C","payload_kg","model" collate "C","facet_set","id");--> statement-breakpoint
CREATE INDEX "robot_search_payload_order_idx" ON "robot_search" USING btree ("payload_kg" desc,"manufacturer" collate "C","model" collate "C","facet_set","id");--> statement-breakpoint
CREATE INDEX "robot_search_reach_order_idx" ON "robot_search" USING btree ("reach_mm" desc,"manufacturer" collate "C","model" collate "C","facet_set","id");--> statement-breakpoint
CREATE INDEX "robot_search_price_order_idx" ON "robot_search" USING btree ("price_min_usd" asc nulls last,"manufacturer" collate "C","model" collate "C","facet_set","id");--> statement-breakpoint
-- Searches are many short statements from concurrent requests: a parallel scan of this
-- table would take both cores for one search (measured on robots: 20 clients fell to 7 req/s).
ALTER TABLE "robot_search" SET (parallel_workers = 0);--> statement-breakpoint
-- Kept by statement-level triggers on robots, like robot_changes (0004): a few INSERT ...
-- SELECT per statement, so a 100,000-row import adds statements, not 100,000 calls. Only
-- public robots (listed, active) are kept; robot_facet_sets.robots counts them per set.
CREATE FUNCTION "robot_search_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "robot_facet_sets" ("category", "manufacturer", "applications", "industries")
    SELECT DISTINCT "category", "manufacturer", "applications", "industries" FROM "new_rows"
    WHERE "listed" AND "status" = 'active'
    ON CONFLICT DO NOTHING;
  WITH "added" AS (
    INSERT INTO "robot_search" ("id", "facet_set", "manufacturer", "model", "payload_kg", "reach_mm", "dof",
                                "price_min_usd", "price_max_usd", "search_text", "compact_text")
      SELECT n."id", f."id", n."manufacturer", n."model", n."payload_kg", n."reach_mm", n."dof",
             n."price_min_usd", n."price_max_usd", n."search_text", n."compact_text"
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
CREATE FUNCTION "robot_search_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH "gone" AS (DELETE FROM "robot_search" WHERE "id" IN (SELECT "id" FROM "old_rows") RETURNING "facet_set")
  UPDATE "robot_facet_sets" f SET "robots" = f."robots" - x."n"
    FROM (SELECT "facet_set", count(*)::int AS "n" FROM "gone" GROUP BY "facet_set") x
    WHERE f."id" = x."facet_set";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update is a delete of the old rows and an insert of the new ones.
CREATE FUNCTION "robot_search_update"() RETURNS trigger LANGUAGE plpgsql AS $$
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
                                "price_min_usd", "price_max_usd", "search_text", "compact_text")
      SELECT n."id", f."id", n."manufacturer", n."model", n."payload_kg", n."reach_mm", n."dof",
             n."price_min_usd", n."price_max_usd", n."search_text", n."compact_text"
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
CREATE FUNCTION "robot_search_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "robot_search";
  UPDATE "robot_facet_sets" SET "robots" = 0 WHERE "robots" <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "robots_search_inserts" AFTER INSERT ON "robots" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "robot_search_insert"();
--> statement-breakpoint
CREATE TRIGGER "robots_search_updates" AFTER UPDATE ON "robots" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "robot_search_update"();
--> statement-breakpoint
CREATE TRIGGER "robots_search_deletes" AFTER DELETE ON "robots" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "robot_search_delete"();
--> statement-breakpoint
CREATE TRIGGER "robots_search_truncate" AFTER TRUNCATE ON "robots" FOR EACH STATEMENT EXECUTE FUNCTION "robot_search_truncate"();
--> statement-breakpoint
-- The robots already there.
INSERT INTO "robot_facet_sets" ("category", "manufacturer", "applications", "industries")
  SELECT DISTINCT "category", "manufacturer", "applications", "industries" FROM "robots"
  WHERE "listed" AND "status" = 'active'
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "robot_search" ("id", "facet_set", "manufacturer", "model", "payload_kg", "reach_mm", "dof",
                            "price_min_usd", "price_max_usd", "search_text", "compact_text")
  SELECT n."id", f."id", n."manufacturer", n."model", n."payload_kg", n."reach_mm", n."dof",
         n."price_min_usd", n."price_max_usd", n."search_text", n."compact_text"
  FROM "robots" n
  JOIN "robot_facet_sets" f ON f."category" = n."category" AND f."manufacturer" = n."manufacturer"
    AND f."applications" = n."applications" AND f."industries" = n."industries"
  WHERE n."listed" AND n."status" = 'active';
--> statement-breakpoint
UPDATE "robot_facet_sets" f SET "robots" = x."n"
  FROM (SELECT "facet_set", count(*)::int AS "n" FROM "robot_search" GROUP BY "facet_set") x
  WHERE f."id" = x."facet_set";
