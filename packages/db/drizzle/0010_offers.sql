-- Models and offers (issue 13): the catalog holds one row per maker and model; a supplier's
-- listing is an offer on a catalog model. A model no catalog row matched stays a robot row of
-- its own, contributed by the supplier (contributed_by), with the supplier's offer on it.
ALTER TABLE "robots" ADD COLUMN "contributed_by" uuid REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"robot_id" uuid NOT NULL REFERENCES "robots"("id") ON DELETE CASCADE,
	"supplier_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"price_min" integer,
	"price_max" integer,
	"currency" text DEFAULT 'USD' NOT NULL,
	"condition" text DEFAULT 'new' NOT NULL,
	"lead_time_weeks" integer,
	"regions" text[] DEFAULT '{}'::text[] NOT NULL,
	"warranty_months" integer,
	"quantity" integer,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"listing_snapshot" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_supplier_robot_condition_unique" UNIQUE("supplier_id","robot_id","condition")
);
--> statement-breakpoint
CREATE INDEX "offers_robot_idx" ON "offers" USING btree ("robot_id","status");--> statement-breakpoint
CREATE INDEX "offers_supplier_idx" ON "offers" USING btree ("supplier_id","created_at");--> statement-breakpoint
-- What the catalog search reads of a model's active offers: how many, the lowest price (USD
-- offers: no exchange rates offline), the shortest lead time and the conditions. Kept by
-- statement-level triggers on offers; every change also logs the robot in robot_changes so
-- the catalog search forgets its remembered answers (0004).
CREATE TABLE "robot_offer_summaries" (
	"robot_id" uuid PRIMARY KEY NOT NULL,
	"offers" integer NOT NULL,
	"price_min_usd" integer,
	"price_max_usd" integer,
	"lead_time_weeks_min" integer,
	"conditions" text[] NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "refresh_offer_summaries"(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "robot_offer_summaries" WHERE "robot_id" = ANY(ids);
  INSERT INTO "robot_offer_summaries" ("robot_id", "offers", "price_min_usd", "price_max_usd", "lead_time_weeks_min", "conditions")
    SELECT o."robot_id", count(*)::int,
           min(coalesce(o."price_min", o."price_max")) FILTER (WHERE o."currency" = 'USD'),
           max(coalesce(o."price_max", o."price_min")) FILTER (WHERE o."currency" = 'USD'),
           min(o."lead_time_weeks"),
           array_agg(DISTINCT o."condition" ORDER BY o."condition")
    FROM "offers" o
    WHERE o."robot_id" = ANY(ids) AND o."status" = 'active'
    GROUP BY o."robot_id";
  INSERT INTO "robot_changes" ("robot_id") SELECT unnest(ids);
END $$;
--> statement-breakpoint
CREATE FUNCTION "offer_inserts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_offer_summaries"(ARRAY(SELECT DISTINCT "robot_id" FROM "new_rows"));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "offer_updates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_offer_summaries"(ARRAY(SELECT "robot_id" FROM "new_rows" UNION SELECT "robot_id" FROM "old_rows"));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "offer_deletes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_offer_summaries"(ARRAY(SELECT DISTINCT "robot_id" FROM "old_rows"));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "offers_summary_inserts" AFTER INSERT ON "offers" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "offer_inserts"();
--> statement-breakpoint
CREATE TRIGGER "offers_summary_updates" AFTER UPDATE ON "offers" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "offer_updates"();
--> statement-breakpoint
CREATE TRIGGER "offers_summary_deletes" AFTER DELETE ON "offers" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "offer_deletes"();
--> statement-breakpoint
-- TRUNCATE robots CASCADE empties offers without delete triggers.
CREATE FUNCTION "offer_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "robot_offer_summaries";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "offers_summary_truncate" AFTER TRUNCATE ON "offers" FOR EACH STATEMENT EXECUTE FUNCTION "offer_truncate"();
--> statement-breakpoint
-- Existing supplier listings (public robot rows owned by a supplier) become offers. The model
-- of a listing is the shared catalog's row with the same key (maker|model, letters and digits
-- only, as findSellersOfModel matches); without one, the oldest listing of the key becomes the
-- model itself (owner cleared, contributed_by the supplier) and every listing of the key an
-- offer on it. The listing's own row is kept whole in offers.listing_snapshot.
CREATE TABLE "listing_moves" AS
  SELECT l."id" AS "listing_id", l."owner_id" AS "supplier_id", l."normalized_key",
         coalesce(c."id", (
           SELECT o."id" FROM "robots" o JOIN "users" ou ON ou."id" = o."owner_id"
           WHERE o."normalized_key" = l."normalized_key" AND ou."user_type" = 'supplier' AND o."listed"
           ORDER BY o."created_at", o."id" LIMIT 1
         )) AS "model_id"
  FROM "robots" l
  JOIN "users" u ON u."id" = l."owner_id" AND u."user_type" = 'supplier'
  LEFT JOIN "robots" c ON c."owner_id" IS NULL AND c."normalized_key" = l."normalized_key"
  WHERE l."listed";
--> statement-breakpoint
INSERT INTO "offers" ("robot_id", "supplier_id", "price_min", "price_max", "currency", "condition", "notes", "status", "listing_snapshot", "created_at", "updated_at")
  SELECT m."model_id", m."supplier_id", l."price_min_usd", l."price_max_usd", 'USD', 'new', l."description",
         CASE WHEN l."status" = 'active' THEN 'active' ELSE 'paused' END,
         jsonb_build_object(
           'id', l."id", 'manufacturer', l."manufacturer", 'model', l."model", 'category', l."category",
           'payload_kg', l."payload_kg", 'reach_mm', l."reach_mm", 'dof', l."dof",
           'repeatability_mm', l."repeatability_mm", 'weight_kg', l."weight_kg",
           'price_min_usd', l."price_min_usd", 'price_max_usd', l."price_max_usd",
           'applications', to_jsonb(l."applications"), 'industries', to_jsonb(l."industries"),
           'description', l."description", 'datasheet_source', l."datasheet_source", 'status', l."status",
           'created_at', l."created_at", 'updated_at', l."updated_at"),
         l."created_at", l."updated_at"
  FROM "listing_moves" m JOIN "robots" l ON l."id" = m."listing_id";
--> statement-breakpoint
-- Leads, quote requests and views of a listing that is not the model now point at the model.
UPDATE "leads" x SET "robot_id" = m."model_id" FROM "listing_moves" m WHERE x."robot_id" = m."listing_id" AND m."listing_id" <> m."model_id";
--> statement-breakpoint
UPDATE "quote_requests" x SET "robot_id" = m."model_id" FROM "listing_moves" m WHERE x."robot_id" = m."listing_id" AND m."listing_id" <> m."model_id";
--> statement-breakpoint
UPDATE "robot_views" x SET "robot_id" = m."model_id" FROM "listing_moves" m WHERE x."robot_id" = m."listing_id" AND m."listing_id" <> m."model_id";
--> statement-breakpoint
-- A listing that became a model: shared (no owner), contributed by its supplier; an inactive
-- listing stays hidden until its supplier resumes the offer.
UPDATE "robots" r SET "contributed_by" = m."supplier_id", "owner_id" = NULL
  FROM "listing_moves" m WHERE r."id" = m."listing_id" AND m."listing_id" = m."model_id";
--> statement-breakpoint
DELETE FROM "robots" r USING "listing_moves" m WHERE r."id" = m."listing_id" AND m."listing_id" <> m."model_id";
--> statement-breakpoint
DROP TABLE "listing_moves";
