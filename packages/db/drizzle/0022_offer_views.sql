-- Issue 13: views counted per offer. A view of an offer is a view of its model's page while
-- the offer is active (shown there) by anyone but the offer's own supplier; the API writes one
-- row per offer shown with each page view (beside robot_views, in the same batch), so two
-- suppliers on one model no longer share their views.
CREATE TABLE "offer_views" (
  "offer_id" uuid NOT NULL REFERENCES "offers"("id") ON DELETE cascade,
  "viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "offer_views_offer_idx" ON "offer_views" ("offer_id", "viewed_at");--> statement-breakpoint
-- History: who saw which offer before this table is unknown, so the views an offer had by the
-- old rule (its model's page since the offer was made) are kept as its views.
INSERT INTO "offer_views" ("offer_id", "viewed_at")
  SELECT o."id", v."viewed_at" FROM "robot_views" v JOIN "offers" o ON o."robot_id" = v."robot_id" AND v."viewed_at" >= o."created_at";
