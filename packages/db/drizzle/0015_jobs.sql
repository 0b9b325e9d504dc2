-- Durable jobs (issue 18): work that must outlive one request or one process (the video
-- analysis stages) is a row here, claimed by any worker with FOR UPDATE SKIP LOCKED and
-- held by a lease (locked_until) that the worker renews while it runs. A lease that runs
-- out (the worker was killed) puts the job back in the queue with a backoff.
CREATE TABLE IF NOT EXISTS "jobs" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "kind" text NOT NULL,
  -- What the job works on (an analysis job id): at most one queued or running job per subject.
  "subject" text,
  "payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "status" text DEFAULT 'queued' NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "max_attempts" integer DEFAULT 3 NOT NULL,
  "run_after" timestamp with time zone DEFAULT now() NOT NULL,
  "locked_by" text,
  "locked_until" timestamp with time zone,
  "progress" jsonb,
  "result" jsonb,
  "last_error" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "jobs_status_check" CHECK ("status" IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
  CONSTRAINT "jobs_attempts_check" CHECK ("attempts" >= 0 AND "max_attempts" >= 1)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "jobs_queued_idx" ON "jobs" ("kind", "run_after") WHERE "status" = 'queued';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "jobs_lease_idx" ON "jobs" ("locked_until") WHERE "status" = 'running';
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "jobs_active_subject_idx" ON "jobs" ("subject") WHERE "status" IN ('queued', 'running');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "jobs_subject_idx" ON "jobs" ("subject", "created_at");
--> statement-breakpoint
-- Stages that were running inside a request before this change have no job to finish them.
UPDATE "analysis_jobs"
  SET "status" = 'failed', "error" = 'The analysis was interrupted by a server restart. Run it again.', "updated_at" = now()
  WHERE "status" IN ('stage1_running', 'stage2_running');
