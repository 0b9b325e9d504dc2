-- Issue 13: supplier listings written after 0010 by the old /api/supplier/listings routes and
-- the supplier's bulk upload (session 10 made both write offers) are still supplier-owned robot
-- rows. They become offers here by 0010's rule: the model of a listing is the shared catalog's
-- row with the same key (owner_id null: a makers' model or one a supplier contributed since
-- 0010); without one, the oldest listing of the key becomes the model (owner cleared,
-- contributed_by the supplier) and every listing of the key an offer on it. The listing's whole
-- row is kept in offers.listing_snapshot (derived search columns left out). A supplier who
-- already offers the model in the same condition keeps that offer as it is (it is newer than
-- any listing); the listing's row is added to its snapshot under "merged_listings".
-- Leads, quote requests, page views and import records of a listing follow it to the model; the
-- listing's page views are also its offer's views (offer_views, 0022). A supplier's unlisted
-- rows (private copies on import) are not listings and stay.
CREATE TABLE "listing_moves" AS
  SELECT l."id" AS "listing_id", l."owner_id" AS "supplier_id", l."normalized_key",
         coalesce(c."id", (
           SELECT o."id" FROM "robots" o JOIN "users" ou ON ou."id" = o."owner_id"
           WHERE o."normalized_key" = l."normalized_key" AND ou."user_type" = 'supplier' AND o."listed"
           ORDER BY o."created_at", o."id" LIMIT 1
         )) AS "model_id",
         NULL::uuid AS "offer_id"
  FROM "robots" l
  JOIN "users" u ON u."id" = l."owner_id" AND u."user_type" = 'supplier'
  LEFT JOIN "robots" c ON c."owner_id" IS NULL AND c."normalized_key" = l."normalized_key"
  WHERE l."listed";
--> statement-breakpoint
-- The offer a listing merges into when its supplier already offers the model as new.
UPDATE "listing_moves" m SET "offer_id" = o."id"
  FROM "offers" o WHERE o."supplier_id" = m."supplier_id" AND o."robot_id" = m."model_id" AND o."condition" = 'new';
--> statement-breakpoint
UPDATE "offers" o SET "listing_snapshot" = CASE
    WHEN o."listing_snapshot" IS NULL THEN jsonb_build_object('merged_listings', jsonb_build_array(s."row"))
    ELSE o."listing_snapshot" || jsonb_build_object('merged_listings', coalesce(o."listing_snapshot"->'merged_listings', '[]'::jsonb) || jsonb_build_array(s."row"))
  END
  FROM (
    SELECT m."offer_id", to_jsonb(l) - 'search_vector' - 'search_text' - 'compact_text' AS "row"
    FROM "listing_moves" m JOIN "robots" l ON l."id" = m."listing_id" WHERE m."offer_id" IS NOT NULL
  ) s
  WHERE o."id" = s."offer_id";
--> statement-breakpoint
INSERT INTO "offers" ("robot_id", "supplier_id", "price_min", "price_max", "currency", "condition", "notes", "status", "listing_snapshot", "created_at", "updated_at")
  SELECT m."model_id", m."supplier_id", l."price_min_usd", l."price_max_usd", 'USD', 'new', l."description",
         CASE WHEN l."status" = 'active' THEN 'active' ELSE 'paused' END,
         to_jsonb(l) - 'search_vector' - 'search_text' - 'compact_text',
         l."created_at", l."updated_at"
  FROM "listing_moves" m JOIN "robots" l ON l."id" = m."listing_id"
  WHERE m."offer_id" IS NULL;
--> statement-breakpoint
UPDATE "listing_moves" m SET "offer_id" = o."id"
  FROM "offers" o WHERE m."offer_id" IS NULL AND o."supplier_id" = m."supplier_id" AND o."robot_id" = m."model_id" AND o."condition" = 'new';
--> statement-breakpoint
-- The listing's page views were views of this supplier's offer (before the model's own views move).
INSERT INTO "offer_views" ("offer_id", "viewed_at")
  SELECT m."offer_id", v."viewed_at" FROM "robot_views" v JOIN "listing_moves" m ON m."listing_id" = v."robot_id";
--> statement-breakpoint
UPDATE "leads" x SET "robot_id" = m."model_id" FROM "listing_moves" m WHERE x."robot_id" = m."listing_id" AND m."listing_id" <> m."model_id";
--> statement-breakpoint
UPDATE "quote_requests" x SET "robot_id" = m."model_id" FROM "listing_moves" m WHERE x."robot_id" = m."listing_id" AND m."listing_id" <> m."model_id";
--> statement-breakpoint
UPDATE "robot_views" x SET "robot_id" = m."model_id" FROM "listing_moves" m WHERE x."robot_id" = m."listing_id" AND m."listing_id" <> m."model_id";
--> statement-breakpoint
-- An import that wrote the listing now names the model (once: an import naming both keeps one row).
UPDATE "bulk_import_robots" x SET "robot_id" = m."model_id" FROM "listing_moves" m
  WHERE x."robot_id" = m."listing_id" AND m."listing_id" <> m."model_id"
    AND NOT EXISTS (SELECT 1 FROM "bulk_import_robots" y WHERE y."import_id" = x."import_id" AND y."robot_id" = m."model_id");
--> statement-breakpoint
-- A listing that became a model: shared (no owner), contributed by its supplier; an inactive
-- listing stays hidden until its supplier resumes the offer.
UPDATE "robots" r SET "contributed_by" = m."supplier_id", "owner_id" = NULL
  FROM "listing_moves" m WHERE r."id" = m."listing_id" AND m."listing_id" = m."model_id";
--> statement-breakpoint
-- A contributed model shows while any supplier's offer on it is active (as resuming an offer does).
UPDATE "robots" r SET "status" = 'active'
  FROM "listing_moves" m WHERE r."id" = m."model_id" AND m."listing_id" = m."model_id" AND r."status" <> 'active'
    AND EXISTS (SELECT 1 FROM "offers" o WHERE o."robot_id" = r."id" AND o."status" = 'active');
--> statement-breakpoint
DELETE FROM "robots" r USING "listing_moves" m WHERE r."id" = m."listing_id" AND m."listing_id" <> m."model_id";
--> statement-breakpoint
DROP TABLE "listing_moves";
