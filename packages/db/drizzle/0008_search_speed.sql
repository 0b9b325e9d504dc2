CREATE TABLE "robot_facet_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"manufacturer" text NOT NULL,
	"applications" text[] NOT NULL,
	"industries" text[] NOT NULL,
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
ALTER TABLE "robot_search" ADD CONSTRAINT "robot_search_id_robots_id_fk" FOREIGN KEY ("id") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "robot_search_match_trgm_idx" ON "robot_search" USING gin (("compact_text" || ' ' || "search_text") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "robot_search_search_text_trgm_idx" ON "robot_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Searches are many short statements from concurrent requests: a parallel scan of this
-- table took both cores for one search (measured: 20 clients fell to 7 req/s).
ALTER TABLE "robot_search" SET (parallel_workers = 0);--> statement-breakpoint
-- Kept by statement-level triggers on robots, like robot_changes (0004): one INSERT ...
-- SELECT per statement, so a 100,000-row import adds two statements, not 100,000 calls.
-- Only public robots (listed, active) are kept; a delete or TRUNCATE ... CASCADE of robots
-- removes rows through the foreign key.
CREATE FUNCTION "robot_search_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "robot_facet_sets" ("category", "manufacturer", "applications", "industries")
    SELECT DISTINCT "category", "manufacturer", "applications", "industries" FROM "new_rows"
    WHERE "listed" AND "status" = 'active'
    ON CONFLICT DO NOTHING;
  INSERT INTO "robot_search" ("id", "facet_set", "manufacturer", "model", "payload_kg", "reach_mm", "dof",
                              "price_min_usd", "price_max_usd", "search_text", "compact_text")
    SELECT n."id", f."id", n."manufacturer", n."model", n."payload_kg", n."reach_mm", n."dof",
           n."price_min_usd", n."price_max_usd", n."search_text", n."compact_text"
    FROM "new_rows" n
    JOIN "robot_facet_sets" f ON f."category" = n."category" AND f."manufacturer" = n."manufacturer"
      AND f."applications" = n."applications" AND f."industries" = n."industries"
    WHERE n."listed" AND n."status" = 'active';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "robot_search_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "robot_search" WHERE "id" IN (SELECT "id" FROM "old_rows");
  INSERT INTO "robot_facet_sets" ("category", "manufacturer", "applications", "industries")
    SELECT DISTINCT "category", "manufacturer", "applications", "industries" FROM "new_rows"
    WHERE "listed" AND "status" = 'active'
    ON CONFLICT DO NOTHING;
  INSERT INTO "robot_search" ("id", "facet_set", "manufacturer", "model", "payload_kg", "reach_mm", "dof",
                              "price_min_usd", "price_max_usd", "search_text", "compact_text")
    SELECT n."id", f."id", n."manufacturer", n."model", n."payload_kg", n."reach_mm", n."dof",
           n."price_min_usd", n."price_max_usd", n."search_text", n."compact_text"
    FROM "new_rows" n
    JOIN "robot_facet_sets" f ON f."category" = n."category" AND f."manufacturer" = n."manufacturer"
      AND f."applications" = n."applications" AND f."industries" = n."industries"
    WHERE n."listed" AND n."status" = 'active';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "robots_search_inserts" AFTER INSERT ON "robots" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "robot_search_insert"();
--> statement-breakpoint
CREATE TRIGGER "robots_search_updates" AFTER UPDATE ON "robots" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "robot_search_update"();
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
