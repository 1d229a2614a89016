ALTER TABLE "orders" ADD COLUMN "allergy_profile" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "allergy_ack_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "allergy_ack_by" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_allergy_ack_by_users_id_fk" FOREIGN KEY ("allergy_ack_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;