CREATE TABLE "message_delivery_attempts" (
	"receiver_id" bigint NOT NULL,
	"attempt" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"error" text,
	CONSTRAINT "message_delivery_attempts_receiver_id_attempt_pk" PRIMARY KEY("receiver_id","attempt")
);
--> statement-breakpoint
ALTER TABLE "message_receivers" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Room on each page for a receiver's delivery update, which then stays on its page and leaves the indexes alone.
ALTER TABLE "message_receivers" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "message_receivers" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "message_receivers" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_delivery_attempts" ADD CONSTRAINT "message_delivery_attempts_receiver_id_message_receivers_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."message_receivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Receivers delivered one job each before batches: their state, attempts and logs come from their job.
UPDATE "message_receivers" r SET "attempts" = j."attempts",
	"last_error" = CASE WHEN j."status" = 'done' THEN NULL ELSE j."last_error" END,
	"state" = CASE WHEN j."status" = 'done' THEN 'delivered' ELSE r."state" END,
	"delivered_at" = CASE WHEN j."status" = 'done' THEN j."finished_at" END
FROM "jobs" j WHERE j."id" = r."job_id";--> statement-breakpoint
INSERT INTO "message_delivery_attempts" ("receiver_id", "attempt", "started_at", "finished_at", "outcome", "error")
SELECT r."id", a."attempt", a."started_at", a."finished_at", CASE WHEN a."outcome" = 'succeeded' THEN 'succeeded' ELSE 'failed' END, a."error"
FROM "message_receivers" r JOIN "job_attempts" a ON a."job_id" = r."job_id" WHERE a."finished_at" IS NOT NULL;
