CREATE TABLE "inside_message_recipients" (
	"user_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"delivered_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "inside_message_recipients_user_id_message_id_pk" PRIMARY KEY("user_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "inside_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"source" text NOT NULL,
	"notice" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sender_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inside_message_recipients" ADD CONSTRAINT "inside_message_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inside_message_recipients" ADD CONSTRAINT "inside_message_recipients_message_id_inside_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."inside_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inside_messages" ADD CONSTRAINT "inside_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inside_message_recipients_inbox_idx" ON "inside_message_recipients" USING btree ("user_id","delivered_at" DESC NULLS LAST,"message_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inside_message_recipients_unread_idx" ON "inside_message_recipients" USING btree ("user_id","delivered_at" DESC NULLS LAST) WHERE "inside_message_recipients"."read_at" is null;--> statement-breakpoint
CREATE INDEX "inside_message_recipients_message_idx" ON "inside_message_recipients" USING btree ("message_id");