-- The two services the student dashboard has sections for; new students are subscribed to them.
INSERT INTO "services" ("name", "for_new_students") VALUES ('Tutoring', true), ('Simple Math Question', true)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Existing students get them too, so their dashboards show the sections.
INSERT INTO "subscriptions" ("student_id", "service_id")
SELECT u."id", s."id" FROM "users" u CROSS JOIN "services" s
WHERE 'STUDENT' = ANY(u."roles") AND s."for_new_students"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Topic statistics of the answers already given (the recount of server/stats/queries.ts).
INSERT INTO "topic_stats" ("student_id", "topic_id", "correct_count", "wrong_count", "total_count")
SELECT s."student_id", qt."topic_id",
  count(*) FILTER (WHERE s."marked" = 1)::int,
  count(*) FILTER (WHERE s."marked" = -1)::int,
  count(*)::int
FROM "submissions" s JOIN "question_topics" qt ON qt."question_id" = s."question_id"
WHERE NOT s."redo" AND s."marked" <> 0
GROUP BY s."student_id", qt."topic_id";
