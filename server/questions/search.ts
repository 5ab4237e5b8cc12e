import { and, asc, count, desc, eq, exists, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PageRequest } from '../../common/contracts/paging.ts';
import type { DbOrTx } from '../db/open.ts';
import { assignments, candidates, questions, submissions, topics, users } from '../db/schema.ts';
import { orderBy } from '../http/paging.ts';

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

function matchOn(field: SearchField, text: string): SQL {
  const pattern = containing(text);
  const choice = exists(
    sql`(SELECT 1 FROM ${candidates} WHERE ${candidates.questionId} = ${questions.id} AND ${candidates.value} ILIKE ${pattern})`,
  );
  const columns: Record<Exclude<SearchField, 'all' | 'choice'>, SQL> = {
    question: ilike(questions.question, pattern),
    answer: ilike(questions.answer, pattern),
    title: ilike(questions.title, pattern),
    explanation: ilike(questions.explanation, pattern),
    hint: ilike(questions.hint, pattern),
  };
  if (field === 'choice') return choice;
  if (field === 'all') return or(...Object.values(columns), choice)!;
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
    .select()
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
    .select()
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
 * A teacher's students: those given (or who answered) a question the teacher wrote. Read from the
 * teacher's questions outwards (by author, then the (question, student) indexes of assignments and
 * submissions, index only), so it costs the teacher's own answers, not every answer in the school:
 * testing each student for a match read all of them (docs/performance.md, "Scale").
 */
export async function studentsOfTeacher(db: DbOrTx, teacherId: number) {
  const authored = db.select({ id: questions.id }).from(questions).where(eq(questions.createdBy, teacherId));
  const taught = sql`(SELECT ${assignments.studentId} FROM ${assignments} WHERE ${inArray(assignments.questionId, authored)}
    UNION SELECT ${submissions.studentId} FROM ${submissions} WHERE ${inArray(submissions.questionId, authored)})`;
  return db
    .select({ id: users.id, name: users.username, email: users.email, url: users.imageUrl })
    .from(users)
    .where(and(sql`'STUDENT' = ANY(${users.roles})`, sql`${users.id} IN ${taught}`))
    .orderBy(asc(sql`lower(${users.username})`));
}
