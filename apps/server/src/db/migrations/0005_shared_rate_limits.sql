-- Per-client rate-limit counts shared by every process on this database (architecture 4.14).
-- UNLOGGED: counts need no crash safety (a crash forgets them), and each hit skips the WAL.
CREATE UNLOGGED TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
