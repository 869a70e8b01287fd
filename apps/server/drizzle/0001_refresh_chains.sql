-- Refresh tokens become one row per chain, rotated in place (signed-in clients sign in again once).
DROP TABLE "refresh_tokens" CASCADE;--> statement-breakpoint
CREATE TABLE "refresh_chains" (
	"family_id" uuid PRIMARY KEY NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL,
	"session_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refresh_chains" ADD CONSTRAINT "refresh_chains_session_id_sign_in_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sign_in_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_chains" ADD CONSTRAINT "refresh_chains_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refresh_chains_session_idx" ON "refresh_chains" USING btree ("session_id");--> statement-breakpoint
-- Room on each page for the rotation's in-place (HOT) updates.
ALTER TABLE "refresh_chains" SET (fillfactor = 70);
