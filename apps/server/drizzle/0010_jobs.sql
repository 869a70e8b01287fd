CREATE TABLE "job_attempts" (
	"job_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"worker" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" text,
	"error" text,
	CONSTRAINT "job_attempts_job_id_attempt_pk" PRIMARY KEY("job_id","attempt")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"claimed_by" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "job_attempts" ADD CONSTRAINT "job_attempts_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_kind_key_idx" ON "jobs" USING btree ("kind","idempotency_key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" in ('pending', 'running');--> statement-breakpoint
CREATE INDEX "jobs_parked_idx" ON "jobs" USING btree ("created_at") WHERE "jobs"."status" = 'parked';--> statement-breakpoint
-- Wakes the runners when jobs are enqueued (platform/jobs/wake.ts). NOTIFY is delivered only when
-- the inserting transaction commits, so a runner never wakes for a job it cannot see yet, and once
-- per transaction however many rows it inserted. The payload has the event bus's shape
-- (platform/events.ts): on PostgreSQL the bus carries it to every instance.
CREATE FUNCTION jobs_announce_due() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('portal_events', '{"origin":"database","topic":"jobs.due","payload":""}');
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER jobs_announce_due AFTER INSERT ON "jobs" FOR EACH STATEMENT EXECUTE FUNCTION jobs_announce_due();
