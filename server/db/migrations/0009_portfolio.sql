CREATE TABLE "stopwatch_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stopwatch_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"run_id" integer,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"elapsed" integer NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"owner_hash" text,
	CONSTRAINT "stopwatch_records_type_check" CHECK ("stopwatch_records"."type" in ('s', 'r', 'p', 'd')),
	CONSTRAINT "stopwatch_records_run_check" CHECK (("stopwatch_records"."type" = 's') = ("stopwatch_records"."run_id" is null))
);
--> statement-breakpoint
CREATE TABLE "wall_posts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wall_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"author" text NOT NULL,
	"message" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"moderated_at" timestamp with time zone,
	CONSTRAINT "wall_posts_state_check" CHECK ("wall_posts"."state" in ('pending', 'approved', 'hidden'))
);
--> statement-breakpoint
ALTER TABLE "stopwatch_records" ADD CONSTRAINT "stopwatch_records_run_id_stopwatch_records_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."stopwatch_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stopwatch_records_run_idx" ON "stopwatch_records" USING btree ("run_id","id");--> statement-breakpoint
CREATE INDEX "wall_posts_approved_idx" ON "wall_posts" USING btree ("id") WHERE "wall_posts"."state" = 'approved';--> statement-breakpoint
CREATE INDEX "wall_posts_state_idx" ON "wall_posts" USING btree ("state","id");