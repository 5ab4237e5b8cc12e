import { and, asc, count, desc, eq, exists, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { PageRequest } from '../../common/contracts/paging.ts';
import { type DbOrTx, rowsOf } from '../db/open.ts';
import { assignments, candidates, questions, teacherStudents, topics, users } from '../db/schema.ts';
import { orderBy } from '../http/paging.ts';
import { questionColumns } from './queries.ts';

/** The archive's field selector: which fields a search looks in. */
export const SEARCH_FIELDS = ['all', 'question', 'answer', 'title', 'explanation', 'choice', 'hint'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

export const questionSortable = {
  id: questions.id,
  title: questions.title,
  type: questions.type,
  generatedDate: questions.generatedDate,
};

/** `%text%` with the user's % and _ taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Between the fields in `questions.search_text` (db/schema.ts). */
const FIELD_SEPARATOR = '\x1f';

function matchOn(field: SearchField, text: string): SQL {
  const pattern = containing(text);
  // The questions whose choices match, as one array read first (their trigram index): a test per
  // question cannot join the other fields' index scans, and its cost estimate woke the JIT compiler.
  const choice = sql`${questions.id} = ANY(ARRAY(SELECT ${candidates.questionId} FROM ${candidates} WHERE ${candidates.value} ILIKE ${pattern}))`;
  // Shortest fields first: PostgreSQL tests OR's terms in order and stops at a match, so a text
  // most questions hold is found before the long question text (with its code) is read: half the
  // time of a common word's count.
  const columns: Record<Exclude<SearchField, 'all' | 'choice'>, SQL> = {
    title: ilike(questions.title, pattern),
    answer: ilike(questions.answer, pattern),
    hint: ilike(questions.hint, pattern),
    explanation: ilike(questions.explanation, pattern),
    question: ilike(questions.question, pattern),
  };
  if (field === 'choice') return choice;
  if (field === 'all') {
    // A text holding the separator between the stored fields could match across two of them:
    // searched field by field instead, as no one types it.
    if (text.includes(FIELD_SEPARATOR)) return or(...Object.values(columns), choice)!;
    // ILIKE is LIKE on both sides lowered (PostgreSQL's lower(), so the same rules on both sides):
    // the stored lowered fields are read once, not lowered again in every row.
    return or(sql`${questions.searchText} LIKE lower(${pattern})`, choice)!;
  }
  return columns[field];
}

/** The questions given to the student of this username and not yet answered by them. */
function pendingFor(student: string): SQL {
  return exists(
    sql`(SELECT 1 FROM ${assignments} JOIN ${users} ON ${users.id} = ${assignments.studentId} WHERE ${assignments.questionId} = ${questions.id} AND lower(${users.username}) = lower(${student}))`,
  );
}

/**
 * All questions, or those whose chosen field contains the text (case-insensitive), one page;
 * with `student`, only those pending for that student (the Teacher page's worksheet answer key).
 * Each field has a trigram index: a rare text is found through them, a common one by reading the
 * questions newest first until the page is full (the planner chooses); the count reads every match.
 */
export async function questionsPage(
  db: DbOrTx,
  search: { field: SearchField; text: string } | null,
  page: PageRequest,
  student: string | null = null,
) {
  const where = and(
    search?.text ? matchOn(search.field, search.text) : undefined,
    student ? pendingFor(student) : undefined,
  );
  const [totalRow] = await db.select({ total: count() }).from(questions).where(where);
  const rows = await db
    .select(questionColumns)
    .from(questions)
    .where(where)
    .orderBy(...orderBy(page, questionSortable, [desc(questions.generatedDate)], questions.id))
    .limit(page.size)
    .offset(page.page * page.size);
  return { rows, total: totalRow?.total ?? 0 };
}

/** Questions whose title contains the text (topic linking page). */
export async function questionsByTitlePage(db: DbOrTx, title: string | null, page: PageRequest) {
  const where = title ? ilike(questions.title, containing(title)) : undefined;
  const [totalRow] = await db.select({ total: count() }).from(questions).where(where);
  const rows = await db
    .select(questionColumns)
    .from(questions)
    .where(where)
    .orderBy(...orderBy(page, questionSortable, [asc(questions.id)], questions.id))
    .limit(page.size)
    .offset(page.page * page.size);
  return { rows, total: totalRow?.total ?? 0 };
}

export async function allTopics(db: DbOrTx) {
  return db.select().from(topics).orderBy(asc(topics.title));
}

/**
 * A teacher's students: those given a question the teacher wrote (and so those who answered one).
 * Read from the class table the assigning statement keeps (assignments/queries.ts): reading who was
 * given or answered the teacher's questions cost all the class's answers, a hundred thousand in a
 * busy year (docs/performance.md, "Scale").
 */
export async function studentsOfTeacher(db: DbOrTx, teacherId: number) {
  return db
    .select({ id: users.id, name: users.username, email: users.email, url: users.imageUrl })
    .from(teacherStudents)
    .innerJoin(users, eq(users.id, teacherStudents.studentId))
    .where(and(eq(teacherStudents.teacherId, teacherId), sql`'STUDENT' = ANY(${users.roles})`))
    .orderBy(asc(sql`lower(${users.username})`));
}

/** The (teacher, student) pairs the class table holds, recounted from assignments and answers. */
const recountedClasses = sql`
  SELECT q.created_by AS teacher_id, x.student_id
  FROM (SELECT question_id, student_id FROM assignments UNION SELECT question_id, student_id FROM submissions) x
  JOIN questions q ON q.id = x.question_id
  WHERE q.created_by IS NOT NULL
  GROUP BY q.created_by, x.student_id`;

/** Fills the class table from a recount (a generated school whose rows were written directly). */
export async function rebuildClasses(db: DbOrTx): Promise<void> {
  await db.execute(sql`DELETE FROM teacher_students`);
  await db.execute(sql`INSERT INTO teacher_students (teacher_id, student_id) ${recountedClasses}`);
}

/** How many (teacher, student) pairs the class table has and its recount has not, or the other way. */
export async function classesDifferingFromRecount(db: DbOrTx): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM (${recountedClasses}) r
      FULL JOIN teacher_students t ON t.teacher_id = r.teacher_id AND t.student_id = r.student_id
      WHERE r.student_id IS NULL OR t.student_id IS NULL`),
  );
  return row?.n ?? 0;
}
