CREATE TABLE "robot_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"robot_id" uuid NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "robot_changes_changed_at_idx" ON "robot_changes" USING btree ("changed_at");--> statement-breakpoint
-- One statement-level trigger per kind of write (transition tables allow one event each):
-- a bulk import of 100,000 robots logs its ids with one INSERT ... SELECT, not a call per row.
CREATE FUNCTION "log_robot_inserts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "robot_changes" ("robot_id") SELECT "id" FROM "new_rows";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "log_robot_updates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "robot_changes" ("robot_id") SELECT "id" FROM "new_rows" UNION SELECT "id" FROM "old_rows";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "log_robot_deletes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "robot_changes" ("robot_id") SELECT "id" FROM "old_rows";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "robots_log_inserts" AFTER INSERT ON "robots" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "log_robot_inserts"();
--> statement-breakpoint
CREATE TRIGGER "robots_log_updates" AFTER UPDATE ON "robots" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "log_robot_updates"();
--> statement-breakpoint
CREATE TRIGGER "robots_log_deletes" AFTER DELETE ON "robots" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "log_robot_deletes"();
