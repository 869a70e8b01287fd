ALTER TABLE "message_delivery_attempts" ALTER COLUMN "finished_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "message_delivery_attempts" ALTER COLUMN "outcome" DROP NOT NULL;