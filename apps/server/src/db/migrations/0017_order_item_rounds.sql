ALTER TABLE "order_items" ADD COLUMN "round" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "bill_parts_order" ON "bill_parts" USING btree ("order_id","status");