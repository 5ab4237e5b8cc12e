DROP INDEX "submissions_student_question_cover_idx";--> statement-breakpoint
DROP INDEX "submissions_unmarked_idx";--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "question_generated_date" timestamp with time zone;--> statement-breakpoint
-- Every answer so far takes its question's date, before the column is required.
UPDATE "submissions" s SET "question_generated_date" = q."generated_date" FROM "questions" q WHERE q."id" = s."question_id";--> statement-breakpoint
ALTER TABLE "submissions" ALTER COLUMN "question_generated_date" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "submissions_student_newest_idx" ON "submissions" USING btree ("student_id","question_generated_date" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "submissions_student_question_cover_idx" ON "submissions" USING btree ("student_id","question_id","id","marked","redo","submit_date","target_date","due_day","question_generated_date");--> statement-breakpoint
CREATE INDEX "submissions_unmarked_idx" ON "submissions" USING btree ("submit_date","question_id","id","student_id","due_day") WHERE "submissions"."marked" = 0;
