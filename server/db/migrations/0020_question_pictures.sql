CREATE TABLE "pictures" (
	"hash" text PRIMARY KEY NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pictures_hash_check" CHECK ("pictures"."hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "question_pictures" (
	"question_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"part" text NOT NULL,
	"picture" text NOT NULL,
	"alt" text NOT NULL,
	CONSTRAINT "question_pictures_question_id_position_pk" PRIMARY KEY("question_id","position"),
	CONSTRAINT "question_pictures_part_check" CHECK ("question_pictures"."part" in ('question', 'explanation'))
);
--> statement-breakpoint
ALTER TABLE "pictures" ADD CONSTRAINT "pictures_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_pictures" ADD CONSTRAINT "question_pictures_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_pictures" ADD CONSTRAINT "question_pictures_picture_pictures_hash_fk" FOREIGN KEY ("picture") REFERENCES "public"."pictures"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_pictures_picture_idx" ON "question_pictures" USING btree ("picture");