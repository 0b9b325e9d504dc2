-- Issue 19, session 15: a never-seen search's page read every matching robot's row of
-- robot_search from the heap (a bitmap heap scan, 1,020-2,370 rows at 100,000 robots) only for
-- id, manufacturer and model, the columns robot_search_set_payload_idx lacked. With them in its
-- INCLUDE the page is read from the index alone, like the per-set counts already are (the same
-- one entry per row, wider by a uuid and two short texts). The index keeps its name and key
-- (facet_set, payload_kg); a search that reads no other robot_search column does not visit the heap.
DROP INDEX IF EXISTS "robot_search_set_payload_idx";
--> statement-breakpoint
CREATE INDEX "robot_search_set_payload_idx" ON "robot_search" USING btree ("facet_set", "payload_kg") INCLUDE ("reach_mm", "dof", "price_min_usd", "price_max_usd", "id", "manufacturer", "model");
