CREATE TABLE "analysis_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"bucket_name" text NOT NULL,
	"object_key" text NOT NULL,
	"file_name" text NOT NULL,
	"stage1_results" jsonb,
	"confirmed_data" jsonb,
	"confirmed_at" timestamp with time zone,
	"stage2_results" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "beta_signups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"company" text,
	"role" text,
	"automation_goal" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "beta_signups_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company" text,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integrator_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"company_name" text,
	"phone" text,
	"website" text,
	"city" text,
	"industries" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"robot_id" uuid,
	"project_id" uuid,
	"from_user_id" uuid NOT NULL,
	"to_user_id" uuid NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"project_name" text NOT NULL,
	"customer_company" text,
	"status" text DEFAULT 'Draft' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"requirements" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"shared_with_integrators" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "robot_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"robot_id" uuid NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "robots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"manufacturer" text NOT NULL,
	"model" text NOT NULL,
	"normalized_key" text NOT NULL,
	"category" text NOT NULL,
	"payload_kg" double precision NOT NULL,
	"reach_mm" double precision NOT NULL,
	"dof" integer NOT NULL,
	"repeatability_mm" double precision,
	"weight_kg" double precision,
	"price_min_usd" integer,
	"price_max_usd" integer,
	"applications" text[] DEFAULT '{}'::text[] NOT NULL,
	"industries" text[] DEFAULT '{}'::text[] NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"datasheet_source" text,
	"status" text DEFAULT 'active' NOT NULL,
	"owner_id" uuid,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce(manufacturer, '') || ' ' || coalesce(model, '') || ' ' || coalesce(category, '') || ' ' || coalesce(description, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "robots_owner_key_unique" UNIQUE NULLS NOT DISTINCT("owner_id","normalized_key")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"user_type" text NOT NULL,
	"company_name" text,
	"phone" text,
	"job_title" text,
	"website" text,
	"company_size" text,
	"industry" text,
	"preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "analysis_jobs" ADD CONSTRAINT "analysis_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrator_profiles" ADD CONSTRAINT "integrator_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_views" ADD CONSTRAINT "robot_views_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robots" ADD CONSTRAINT "robots_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analysis_jobs_user_idx" ON "analysis_jobs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "analysis_jobs_project_idx" ON "analysis_jobs" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "leads_to_user_idx" ON "leads" USING btree ("to_user_id");--> statement-breakpoint
CREATE INDEX "leads_from_user_idx" ON "leads" USING btree ("from_user_id");--> statement-breakpoint
CREATE INDEX "projects_owner_idx" ON "projects" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "projects_status_idx" ON "projects" USING btree ("status");--> statement-breakpoint
CREATE INDEX "robot_views_robot_idx" ON "robot_views" USING btree ("robot_id","viewed_at");--> statement-breakpoint
CREATE INDEX "robots_search_vector_idx" ON "robots" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "robots_name_trgm_idx" ON "robots" USING gin ((lower("manufacturer" || ' ' || "model")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "robots_payload_idx" ON "robots" USING btree ("payload_kg");--> statement-breakpoint
CREATE INDEX "robots_reach_idx" ON "robots" USING btree ("reach_mm");--> statement-breakpoint
CREATE INDEX "robots_category_idx" ON "robots" USING btree ("category");--> statement-breakpoint
CREATE INDEX "robots_manufacturer_idx" ON "robots" USING btree ("manufacturer");--> statement-breakpoint
CREATE INDEX "robots_owner_idx" ON "robots" USING btree ("owner_id");