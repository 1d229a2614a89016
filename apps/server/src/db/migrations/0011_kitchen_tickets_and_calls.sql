CREATE TABLE "order_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"venue_id" uuid NOT NULL,
	"station" text NOT NULL,
	"station_name" text NOT NULL,
	"printer" text,
	"width" integer DEFAULT 80 NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"item_ids" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"reprint" boolean DEFAULT false NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	"claimed_by" text,
	"last_error" text,
	"printed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "table_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"spot" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"acknowledged_by" uuid,
	"acknowledged_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "station" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "source" text DEFAULT 'guest' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_method" text;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "stations" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "print_on" text DEFAULT 'accepted' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_tickets" ADD CONSTRAINT "order_tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tickets" ADD CONSTRAINT "order_tickets_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_calls" ADD CONSTRAINT "table_calls_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_calls" ADD CONSTRAINT "table_calls_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_tickets_order_station_round" ON "order_tickets" USING btree ("order_id","station","round");--> statement-breakpoint
CREATE INDEX "order_tickets_due" ON "order_tickets" USING btree ("next_attempt_at") WHERE "order_tickets"."status" <> 'printed' and "order_tickets"."printer" is not null;--> statement-breakpoint
CREATE INDEX "order_tickets_venue" ON "order_tickets" USING btree ("venue_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "table_calls_one_open" ON "table_calls" USING btree ("venue_id","spot") WHERE "table_calls"."status" <> 'done';--> statement-breakpoint
CREATE INDEX "table_calls_venue_created" ON "table_calls" USING btree ("venue_id","created_at");