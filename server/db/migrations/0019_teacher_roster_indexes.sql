DROP INDEX "submissions_question_idx";--> statement-breakpoint
CREATE INDEX "questions_created_by_idx" ON "questions" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "submissions_question_student_idx" ON "submissions" USING btree ("question_id","student_id");