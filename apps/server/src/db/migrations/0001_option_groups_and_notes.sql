CREATE TABLE "variation_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"min_choices" integer DEFAULT 0 NOT NULL,
	"max_choices" integer DEFAULT 1 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "variations" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "variations" ADD COLUMN "preferences" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "variations" ADD COLUMN "allergenes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "variation_groups" ADD CONSTRAINT "variation_groups_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "variation_groups_product_key" ON "variation_groups" USING btree ("product_id","key");--> statement-breakpoint
ALTER TABLE "variations" ADD CONSTRAINT "variations_group_id_variation_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."variation_groups"("id") ON DELETE set null ON UPDATE no action;