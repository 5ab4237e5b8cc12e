import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { PageRequest } from '../../common/contracts/paging.ts';
import type { Candidate, QuestionOnly } from '../../common/contracts/tutoring.ts';
import { formatDateTime } from '../../common/dates.ts';
import type { QuestionType } from '../../common/questions/rules.ts';
import type { DbOrTx } from '../db/open.ts';
import { assignments, candidates, questions, questionTopics, topics } from '../db/schema.ts';
import { orderBy } from '../http/paging.ts';

export type QuestionRow = typeof questions.$inferSelect;
export type QuestionDetails = { candidates: Candidate[]; topics: string[] };

export async function insertQuestion(
  db: DbOrTx,
  values: Omit<typeof questions.$inferInsert, 'id'>,
): Promise<number> {
  const [row] = await db.insert(questions).values(values).returning({ id: questions.id });
  return row!.id;
}

export async function insertCandidates(
  db: DbOrTx,
  questionId: number,
  values: readonly string[],
): Promise<void> {
  if (values.length === 0) return;
  await db.insert(candidates).values(values.map((value, position) => ({ questionId, position, value })));
}

/** Ids of the topics with these titles, creating the missing ones (two statements). */
export async function ensureTopics(db: DbOrTx, titles: readonly string[]): Promise<number[]> {
  if (titles.length === 0) return [];
  await db
    .insert(topics)
    .values(titles.map((title) => ({ title })))
    .onConflictDoNothing();
  const rows = await db
    .select({ id: topics.id })
    .from(topics)
    .where(inArray(topics.title, [...titles]));
  return rows.map((r) => r.id);
}

/** Links every question to every topic (one statement); existing links are kept. */
export async function linkTopics(
  db: DbOrTx,
  questionIds: readonly number[],
  topicIds: readonly number[],
): Promise<void> {
  if (questionIds.length === 0 || topicIds.length === 0) return;
  await db
    .insert(questionTopics)
    .values(questionIds.flatMap((questionId) => topicIds.map((topicId) => ({ questionId, topicId }))))
    .onConflictDoNothing();
}

export async function existingQuestionIds(db: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: questions.id })
    .from(questions)
    .where(inArray(questions.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

/** Options (in order) and topic titles of several questions: two statements whatever their number. */
export async function loadQuestionDetails(
  db: DbOrTx,
  ids: readonly number[],
): Promise<Map<number, QuestionDetails>> {
  const details = new Map<number, QuestionDetails>(ids.map((id) => [id, { candidates: [], topics: [] }]));
  if (ids.length === 0) return details;
  const unique = [...new Set(ids)];
  const options = await db
    .select({ id: candidates.id, questionId: candidates.questionId, value: candidates.value })
    .from(candidates)
    .where(inArray(candidates.questionId, unique))
    .orderBy(asc(candidates.questionId), asc(candidates.position));
  for (const option of options)
    details.get(option.questionId)?.candidates.push({ id: option.id, value: option.value });
  const links = await db
    .select({ questionId: questionTopics.questionId, title: topics.title })
    .from(questionTopics)
    .innerJoin(topics, eq(topics.id, questionTopics.topicId))
    .where(inArray(questionTopics.questionId, unique))
    .orderBy(asc(topics.title));
  for (const link of links) details.get(link.questionId)?.topics.push(link.title);
  return details;
}

export async function loadQuestions(
  db: DbOrTx,
  ids: readonly number[],
): Promise<Map<number, QuestionRow & QuestionDetails>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(questions)
    .where(inArray(questions.id, [...new Set(ids)]));
  const details = await loadQuestionDetails(
    db,
    rows.map((r) => r.id),
  );
  return new Map(rows.map((row) => [row.id, { ...row, ...details.get(row.id)! }]));
}

export function toQuestionOnly(row: QuestionRow, details: QuestionDetails, timeZone: string): QuestionOnly {
  return {
    id: row.id,
    title: row.title,
    question: row.question,
    type: row.type as QuestionType,
    candidates: details.candidates,
    hint: row.hint,
    generatedDate: formatDateTime(row.generatedDate, timeZone),
    topics: details.topics,
    answer: row.answer,
    explanation: row.explanation,
  };
}

export const pendingSortable = {
  id: questions.id,
  title: questions.title,
  generatedDate: questions.generatedDate,
  targetDate: assignments.targetDate,
};

/** A student's pending questions (optionally those due on one day), one page: two statements. */
export async function pendingQuestionsPage(
  db: DbOrTx,
  studentId: number,
  day: string | null,
  page: PageRequest,
): Promise<{ rows: (QuestionRow & { targetDate: Date })[]; total: number }> {
  const where: SQL[] = [eq(assignments.studentId, studentId)];
  if (day) where.push(eq(assignments.dueDay, day));
  const [totalRow] = await db
    .select({ total: count() })
    .from(assignments)
    .where(and(...where));
  const rows = await db
    .select({ question: questions, targetDate: assignments.targetDate })
    .from(assignments)
    .innerJoin(questions, eq(questions.id, assignments.questionId))
    .where(and(...where))
    .orderBy(...orderBy(page, pendingSortable, [asc(assignments.targetDate)], questions.id))
    .limit(page.size)
    .offset(page.page * page.size);
  return {
    rows: rows.map((r) => ({ ...r.question, targetDate: r.targetDate })),
    total: totalRow?.total ?? 0,
  };
}
