ALTER TABLE "categories" ADD COLUMN "hours" jsonb;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "pause" jsonb;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "schedule" jsonb;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "pause" jsonb;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "prep_minutes" integer;