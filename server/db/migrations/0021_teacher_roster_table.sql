CREATE TABLE "teacher_students" (
	"teacher_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	CONSTRAINT "teacher_students_teacher_id_student_id_pk" PRIMARY KEY("teacher_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "teacher_students" ADD CONSTRAINT "teacher_students_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_students" ADD CONSTRAINT "teacher_students_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "teacher_students_student_idx" ON "teacher_students" USING btree ("student_id");--> statement-breakpoint
-- The classes so far: every author of a question given to (or answered by) each student.
INSERT INTO "teacher_students" ("teacher_id", "student_id")
SELECT q."created_by", x."student_id"
FROM (SELECT "question_id", "student_id" FROM "assignments"
      UNION SELECT "question_id", "student_id" FROM "submissions") x
JOIN "questions" q ON q."id" = x."question_id"
WHERE q."created_by" IS NOT NULL
GROUP BY q."created_by", x."student_id";
