ALTER TABLE "orders" ADD COLUMN "pickup_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "pickup" jsonb;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "delivery_rules" jsonb;