CREATE TABLE "staff_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" "staff_role" NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid
);
--> statement-breakpoint
ALTER TABLE "staff_invites" ADD CONSTRAINT "staff_invites_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invites" ADD CONSTRAINT "staff_invites_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invites" ADD CONSTRAINT "staff_invites_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invites_token" ON "staff_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invites_pending" ON "staff_invites" USING btree ("venue_id","email") WHERE accepted_at is null;--> statement-breakpoint
CREATE INDEX "staff_invites_email" ON "staff_invites" USING btree ("email");--> statement-breakpoint
INSERT INTO "staff_invites" ("venue_id", "email", "role", "token_hash", "invited_by", "created_at", "expires_at")
SELECT i."venue_id", u."email", i."role", encode(sha256(convert_to(gen_random_uuid()::text || i."user_id"::text, 'UTF8')), 'hex'),
       i."invited_by", i."created_at", now() + interval '48 hours'
FROM "staff_invitations" i JOIN "users" u ON u."id" = i."user_id";--> statement-breakpoint
DROP TABLE "staff_invitations" CASCADE;