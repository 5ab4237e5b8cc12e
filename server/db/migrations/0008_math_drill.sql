CREATE TABLE "math_answers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "math_answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" integer NOT NULL,
	"a" smallint NOT NULL,
	"b" smallint NOT NULL,
	"issued_at" timestamp with time zone,
	"answer" integer,
	"correct" boolean,
	"submit_date" timestamp with time zone,
	"day" date,
	CONSTRAINT "math_answers_operands_check" CHECK ("math_answers"."a" between 99 and 998 and "math_answers"."b" between 99 and 998),
	CONSTRAINT "math_answers_answered_check" CHECK (("math_answers"."answer" is null) = ("math_answers"."correct" is null) and ("math_answers"."answer" is null) = ("math_answers"."submit_date" is null) and ("math_answers"."answer" is null) = ("math_answers"."day" is null))
);
--> statement-breakpoint
CREATE TABLE "math_days" (
	"student_id" integer NOT NULL,
	"day" date NOT NULL,
	"correct" integer NOT NULL,
	"wrong" integer NOT NULL,
	CONSTRAINT "math_days_student_id_day_pk" PRIMARY KEY("student_id","day"),
	CONSTRAINT "math_days_cap_check" CHECK ("math_days"."correct" >= 0 and "math_days"."wrong" >= 0 and "math_days"."correct" + "math_days"."wrong" <= 100)
);
--> statement-breakpoint
ALTER TABLE "math_answers" ADD CONSTRAINT "math_answers_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "math_days" ADD CONSTRAINT "math_days_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "math_answers_open_unique" ON "math_answers" USING btree ("student_id") WHERE "math_answers"."answer" is null;--> statement-breakpoint
CREATE INDEX "math_answers_student_day_idx" ON "math_answers" USING btree ("student_id","day");