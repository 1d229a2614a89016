CREATE TABLE "z_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"date" text NOT NULL,
	"timezone" text NOT NULL,
	"currency" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"figures" jsonb NOT NULL,
	"closed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "z_report_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "z_reports" ADD CONSTRAINT "z_reports_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "z_reports" ADD CONSTRAINT "z_reports_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "z_reports_venue_number" ON "z_reports" USING btree ("venue_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "z_reports_venue_date" ON "z_reports" USING btree ("venue_id","date");--> statement-breakpoint
CREATE INDEX "credit_notes_venue_created" ON "credit_notes" USING btree ("venue_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_venue_paid" ON "orders" USING btree ("venue_id","paid_at") WHERE "orders"."paid_at" is not null;