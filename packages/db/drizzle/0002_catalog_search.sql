ALTER TABLE "robots" ADD COLUMN "listed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "robots" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "robots" ADD COLUMN "compact_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "robots_search_text_trgm_idx" ON "robots" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "robots_compact_text_trgm_idx" ON "robots" USING gin ("compact_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "robots_listed_status_idx" ON "robots" USING btree ("listed","status");