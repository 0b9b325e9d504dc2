-- Issue 14: a person's saved bulk-upload mappings. header_signature is the sha256 of the
-- file's normalised headers, sorted (the same headers in another order match); mapping is
-- column -> target field (null: ignored), as the wizard sends it. Saving under a name the
-- person already uses replaces that mapping.
CREATE TABLE "import_mappings" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "name" text NOT NULL,
  "header_signature" text NOT NULL,
  "columns" jsonb NOT NULL,
  "mapping" jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_used_at" timestamp with time zone,
  CONSTRAINT "import_mappings_user_name_unique" UNIQUE ("user_id", "name")
);--> statement-breakpoint
CREATE INDEX "import_mappings_user_signature_idx" ON "import_mappings" ("user_id", "header_signature");
