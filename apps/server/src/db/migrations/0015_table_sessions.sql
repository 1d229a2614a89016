CREATE TABLE "bill_parts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"tip_minor" bigint DEFAULT 0 NOT NULL,
	"claims" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"share" jsonb,
	"status" text DEFAULT 'held' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "table_cart_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"variation_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quantity" integer NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "table_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "table_members_secret_hash_unique" UNIQUE("secret_hash")
);
--> statement-breakpoint
CREATE TABLE "table_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"spot" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"order_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"last_round_key" text,
	"member_seq" integer DEFAULT 0 NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "table_tokens" (
	"venue_id" uuid NOT NULL,
	"spot" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "table_tokens_venue_id_spot_pk" PRIMARY KEY("venue_id","spot"),
	CONSTRAINT "table_tokens_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "part_id" uuid;--> statement-breakpoint
ALTER TABLE "bill_parts" ADD CONSTRAINT "bill_parts_session_id_table_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."table_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_parts" ADD CONSTRAINT "bill_parts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_parts" ADD CONSTRAINT "bill_parts_member_id_table_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."table_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_cart_lines" ADD CONSTRAINT "table_cart_lines_session_id_table_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."table_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_cart_lines" ADD CONSTRAINT "table_cart_lines_member_id_table_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."table_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_cart_lines" ADD CONSTRAINT "table_cart_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_members" ADD CONSTRAINT "table_members_session_id_table_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."table_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_sessions" ADD CONSTRAINT "table_sessions_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_sessions" ADD CONSTRAINT "table_sessions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_tokens" ADD CONSTRAINT "table_tokens_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_parts_session" ON "bill_parts" USING btree ("session_id","status");--> statement-breakpoint
CREATE INDEX "table_cart_lines_session" ON "table_cart_lines" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "table_members_session" ON "table_members" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "table_sessions_one_open" ON "table_sessions" USING btree ("venue_id","spot") WHERE "table_sessions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "table_sessions_order" ON "table_sessions" USING btree ("order_id");