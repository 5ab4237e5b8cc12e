CREATE TABLE "answer_drafts" (
	"student_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"answer" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "answer_drafts_student_id_question_id_pk" PRIMARY KEY("student_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "assignments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"question_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"target_date" timestamp with time zone NOT NULL,
	"due_day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_days" (
	"student_id" integer NOT NULL,
	"day" date NOT NULL,
	"solved" integer NOT NULL,
	"unsolved" integer NOT NULL,
	"to_mark" integer NOT NULL,
	CONSTRAINT "calendar_days_student_id_day_pk" PRIMARY KEY("student_id","day")
);
--> statement-breakpoint
CREATE TABLE "candidates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "candidates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"question_id" integer NOT NULL,
	"position" integer NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_topics" (
	"question_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	CONSTRAINT "question_topics_question_id_topic_id_pk" PRIMARY KEY("question_id","topic_id")
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"question" text NOT NULL,
	"type" text NOT NULL,
	"hint" text,
	"answer" text NOT NULL,
	"explanation" text NOT NULL,
	"generated_date" timestamp with time zone NOT NULL,
	"created_by" integer,
	CONSTRAINT "questions_type_check" CHECK ("questions"."type" in ('m', 'M', 's'))
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"question_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"student_answer" text NOT NULL,
	"submit_date" timestamp with time zone NOT NULL,
	"target_date" timestamp with time zone NOT NULL,
	"due_day" date NOT NULL,
	"marked" smallint NOT NULL,
	"auto_marked" boolean NOT NULL,
	"redo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "submissions_marked_check" CHECK ("submissions"."marked" in (-1, 0, 1))
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "topics_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "answer_drafts" ADD CONSTRAINT "answer_drafts_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_drafts" ADD CONSTRAINT "answer_drafts_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_days" ADD CONSTRAINT "calendar_days_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_topics" ADD CONSTRAINT "question_topics_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_topics" ADD CONSTRAINT "question_topics_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assignments_question_student_unique" ON "assignments" USING btree ("question_id","student_id");--> statement-breakpoint
CREATE INDEX "assignments_student_due_idx" ON "assignments" USING btree ("student_id","due_day","target_date");--> statement-breakpoint
CREATE UNIQUE INDEX "candidates_question_position_unique" ON "candidates" USING btree ("question_id","position");--> statement-breakpoint
CREATE INDEX "question_topics_topic_idx" ON "question_topics" USING btree ("topic_id");--> statement-breakpoint
CREATE INDEX "questions_generated_idx" ON "questions" USING btree ("generated_date","id");--> statement-breakpoint
CREATE INDEX "submissions_student_due_idx" ON "submissions" USING btree ("student_id","due_day");--> statement-breakpoint
CREATE INDEX "submissions_student_question_idx" ON "submissions" USING btree ("student_id","question_id","id");--> statement-breakpoint
CREATE INDEX "submissions_student_marked_idx" ON "submissions" USING btree ("student_id","marked");--> statement-breakpoint
CREATE INDEX "submissions_question_idx" ON "submissions" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "topics_title_unique" ON "topics" USING btree ("title");