CREATE TABLE "lead_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"kind" text DEFAULT 'message' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"price_usd" integer,
	"currency" text,
	"valid_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"robot_id" uuid,
	"model_key" text NOT NULL,
	"manufacturer" text NOT NULL,
	"model" text NOT NULL,
	"project_id" uuid,
	"quantity" integer NOT NULL,
	"timeline" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"requirements" jsonb,
	"project_name" text,
	"status" text DEFAULT 'sent' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "leads_to_user_idx";--> statement-breakpoint
DROP INDEX "leads_from_user_idx";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "quote_request_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "last_message_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "last_message_by" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "from_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "to_read_at" timestamp with time zone;--> statement-breakpoint
-- Existing leads: the first message is the sender's, written when the lead was made; a lead the recipient already handled counts as read.
UPDATE "leads" SET "last_message_at" = "created_at", "last_message_by" = "from_user_id", "to_read_at" = CASE WHEN "status" <> 'new' THEN "updated_at" END;--> statement-breakpoint
ALTER TABLE "lead_messages" ADD CONSTRAINT "lead_messages_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_messages" ADD CONSTRAINT "lead_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_messages_lead_idx" ON "lead_messages" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "quote_requests_customer_idx" ON "quote_requests" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "quote_requests_status_idx" ON "quote_requests" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_quote_request_id_quote_requests_id_fk" FOREIGN KEY ("quote_request_id") REFERENCES "public"."quote_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_quote_request_idx" ON "leads" USING btree ("quote_request_id");--> statement-breakpoint
CREATE INDEX "leads_to_user_idx" ON "leads" USING btree ("to_user_id","last_message_at");--> statement-breakpoint
CREATE INDEX "leads_from_user_idx" ON "leads" USING btree ("from_user_id","last_message_at");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_quote_request_seller_unique" UNIQUE("quote_request_id","to_user_id","from_user_id");