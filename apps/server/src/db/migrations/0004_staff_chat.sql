CREATE TABLE "chat_histories" (
	"venue_id" uuid NOT NULL,
	"is_admin" boolean NOT NULL,
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_histories_venue_id_is_admin_pk" PRIMARY KEY("venue_id","is_admin")
);
--> statement-breakpoint
ALTER TABLE "chat_histories" ADD CONSTRAINT "chat_histories_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;