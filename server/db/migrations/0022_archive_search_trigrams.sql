-- Trigram indexes for the archive search: the extension ships with PostgreSQL (contrib, trusted:
-- a database owner may create it) and PGlite loads it at open (db/open.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "candidates_value_trgm_idx" ON "candidates" USING gin ("value" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "questions_question_trgm_idx" ON "questions" USING gin ("question" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "questions_answer_trgm_idx" ON "questions" USING gin ("answer" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "questions_title_trgm_idx" ON "questions" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "questions_explanation_trgm_idx" ON "questions" USING gin ("explanation" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "questions_hint_trgm_idx" ON "questions" USING gin ("hint" gin_trgm_ops);