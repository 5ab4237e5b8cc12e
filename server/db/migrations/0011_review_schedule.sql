CREATE TABLE "review_schedule" (
	"student_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"step" smallint NOT NULL,
	"due_day" date NOT NULL,
	"state" text NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"submission_id" integer,
	CONSTRAINT "review_schedule_student_id_question_id_pk" PRIMARY KEY("student_id","question_id"),
	CONSTRAINT "review_schedule_state_check" CHECK ("review_schedule"."state" in ('active', 'graduated', 'retired'))
);
--> statement-breakpoint
CREATE TABLE "review_settings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" integer NOT NULL,
	"topic_id" integer,
	"enabled" boolean NOT NULL,
	"ladder" smallint[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_schedule" ADD CONSTRAINT "review_schedule_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_schedule" ADD CONSTRAINT "review_schedule_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_settings" ADD CONSTRAINT "review_settings_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_settings" ADD CONSTRAINT "review_settings_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_schedule_question_idx" ON "review_schedule" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_settings_student_topic_unique" ON "review_settings" USING btree ("student_id",coalesce("topic_id", 0));