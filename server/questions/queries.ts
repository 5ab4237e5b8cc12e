import { and, asc, count, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PageRequest, SortOrder } from '../../common/contracts/paging.ts';
import type { Candidate, QuestionOnly, QuestionPicture } from '../../common/contracts/tutoring.ts';
import { formatDateTime } from '../../common/dates.ts';
import type { QuestionType } from '../../common/questions/rules.ts';
import { type DbOrTx, rowsOf } from '../db/open.ts';
import { prepared, preparedStatement, unplanned, unplannedCount } from '../db/prepared.ts';
import { assignments, candidates, questions, questionTopics, topics } from '../db/schema.ts';
import { orderBy, sortVariant } from '../http/paging.ts';

/**
 * A question's columns but its search text: a lowered copy of its fields that only the archive's
 * search reads (search.ts), not worth carrying with every question read.
 */
const { searchText: _searchText, ...questionColumns } = getTableColumns(questions);

export { questionColumns };
export type QuestionRow = Omit<typeof questions.$inferSelect, 'searchText'>;
export type QuestionDetails = { candidates: Candidate[]; topics: string[]; pictures: QuestionPicture[] };

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

export type QuestionPictureRow = {
  questionId: number;
  position: number;
  part: QuestionPicture['part'];
  picture: string;
  alt: string;
};

/**
 * Attaches pictures to questions, in one statement: only pictures that were uploaded are attached
 * (the `pictures` row is read by the insert itself, so nothing can come between a check and the
 * write). Answers the ids that were not, which the caller refuses (rolling the transaction back).
 */
export async function insertQuestionPictures(
  db: DbOrTx,
  rows: readonly QuestionPictureRow[],
): Promise<string[]> {
  if (rows.length === 0) return [];
  const result = await db.execute(sql`
    INSERT INTO question_pictures (question_id, position, part, picture, alt)
    SELECT r.question_id, r.position, r.part, r.picture, r.alt
    FROM unnest(${sql.param(rows.map((r) => r.questionId))}::int[], ${sql.param(rows.map((r) => r.position))}::smallint[],
                ${sql.param(rows.map((r) => r.part))}::text[], ${sql.param(rows.map((r) => r.picture))}::text[],
                ${sql.param(rows.map((r) => r.alt))}::text[]) AS r(question_id, position, part, picture, alt)
    WHERE EXISTS (SELECT 1 FROM pictures p WHERE p.hash = r.picture)
    RETURNING picture`);
  const attached = new Set(rowsOf<{ picture: string }>(result).map((r) => r.picture));
  return [...new Set(rows.map((r) => r.picture))].filter((id) => !attached.has(id));
}

/** Detaches every picture of these questions (the pictures themselves stay: others may show them). */
export async function deleteQuestionPictures(db: DbOrTx, questionIds: readonly number[]): Promise<void> {
  if (questionIds.length === 0) return;
  await db.execute(
    sql`DELETE FROM question_pictures WHERE question_id = ANY(${sql.param([...questionIds])}::int[])`,
  );
}

/** The ids of the topics with these titles, creating the missing ones (two statements). */
export async function ensureTopics(db: DbOrTx, titles: readonly string[]): Promise<Map<string, number>> {
  if (titles.length === 0) return new Map();
  // Sorted: two writers creating the same new topics wait on them in one order, never in a cycle.
  const unique = [...new Set(titles)].sort();
  await db
    .insert(topics)
    .values(unique.map((title) => ({ title })))
    .onConflictDoNothing();
  const rows = await db
    .select({ id: topics.id, title: topics.title })
    .from(topics)
    .where(sql`${topics.title} = ANY(${sql.param(unique)}::text[])`);
  return new Map(rows.map((r) => [r.title, r.id]));
}

/** Links questions to topics (one statement); existing links are kept. */
export async function linkTopics(
  db: DbOrTx,
  links: readonly { questionId: number; topicId: number }[],
): Promise<void> {
  if (links.length === 0) return;
  const sorted = [...links].sort((a, b) => a.questionId - b.questionId || a.topicId - b.topicId);
  await db.insert(questionTopics).values(sorted).onConflictDoNothing();
}

/** The ids of the topics these questions have (one statement). */
export async function topicIdsOf(db: DbOrTx, questionIds: readonly number[]): Promise<number[]> {
  if (questionIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ topicId: questionTopics.topicId })
    .from(questionTopics)
    .where(sql`${questionTopics.questionId} = ANY(${sql.param([...questionIds])}::int[])`);
  return rows.map((r) => r.topicId);
}

/** Removes every topic link of these questions (one statement). */
export async function unlinkAllTopics(db: DbOrTx, questionIds: readonly number[]): Promise<void> {
  if (questionIds.length === 0) return;
  await db
    .delete(questionTopics)
    .where(sql`${questionTopics.questionId} = ANY(${sql.param([...questionIds])}::int[])`);
}

/** Field changes of several questions in one statement; a null keeps the stored value (hint: `hintSet`). */
export type QuestionFieldUpdate = {
  id: number;
  title: string | null;
  question: string | null;
  explanation: string | null;
  hintSet: boolean;
  hint: string | null;
  generatedDate: Date | null;
  type: QuestionType;
  answer: string;
};

export async function updateQuestionFields(db: DbOrTx, rows: readonly QuestionFieldUpdate[]): Promise<void> {
  if (rows.length === 0) return;
  const column = <T>(pick: (row: QuestionFieldUpdate) => T) => sql.param(rows.map(pick));
  await db.execute(sql`
    UPDATE questions q SET
      title = coalesce(v.title, q.title),
      question = coalesce(v.question, q.question),
      explanation = coalesce(v.explanation, q.explanation),
      hint = CASE WHEN v.hint_set THEN v.hint ELSE q.hint END,
      generated_date = coalesce(v.generated_date, q.generated_date),
      type = v.type,
      answer = v.answer
    FROM unnest(
      ${column((r) => r.id)}::int[], ${column((r) => r.title)}::text[], ${column((r) => r.question)}::text[],
      ${column((r) => r.explanation)}::text[], ${column((r) => r.hintSet)}::boolean[], ${column((r) => r.hint)}::text[],
      ${column((r) => r.generatedDate?.toISOString() ?? null)}::timestamptz[], ${column((r) => r.type)}::text[],
      ${column((r) => r.answer)}::text[]
    ) AS v(id, title, question, explanation, hint_set, hint, generated_date, type, answer)
    WHERE q.id = v.id`);
  // Answers carry a copy of their question's date (schema.ts, submissions): a new date goes to them
  // in the same transaction.
  const dated = rows.filter((r) => r.generatedDate !== null);
  if (dated.length > 0)
    await db.execute(sql`
      UPDATE submissions s SET question_generated_date = v.generated_date
      FROM unnest(${sql.param(dated.map((r) => r.id))}::int[],
        ${sql.param(dated.map((r) => r.generatedDate!.toISOString()))}::timestamptz[]) AS v(id, generated_date)
      WHERE s.question_id = v.id AND s.question_generated_date <> v.generated_date`);
}

/**
 * Options rewritten by position for several questions in three statements at most: values changed
 * in place (ids kept), extra positions added, surplus positions removed.
 */
export async function rewriteCandidates(
  db: DbOrTx,
  plan: {
    changed: { id: number; value: string }[];
    added: { questionId: number; position: number; value: string }[];
    /** Each question keeps positions below `keep`. */
    kept: { questionId: number; keep: number }[];
  },
): Promise<void> {
  if (plan.changed.length > 0) {
    await db.execute(sql`
      UPDATE candidates c SET value = v.value
      FROM unnest(${sql.param(plan.changed.map((c) => c.id))}::int[], ${sql.param(plan.changed.map((c) => c.value))}::text[]) AS v(id, value)
      WHERE c.id = v.id`);
  }
  if (plan.kept.length > 0) {
    await db.execute(sql`
      DELETE FROM candidates c
      USING unnest(${sql.param(plan.kept.map((k) => k.questionId))}::int[], ${sql.param(plan.kept.map((k) => k.keep))}::int[]) AS k(question_id, keep)
      WHERE c.question_id = k.question_id AND c.position >= k.keep`);
  }
  if (plan.added.length > 0) await db.insert(candidates).values(plan.added);
}

/**
 * Which of these ids are questions; `lock` keeps them from being answered or modified until the
 * transaction ends (answers take theirs `FOR SHARE` with their students': `lockAnswerRows`).
 */
export async function existingQuestionIds(
  db: DbOrTx,
  ids: readonly number[],
  lock?: 'no key update',
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  // Every answer locks its questions: a named statement, the ids `unplanned` (planned once per
  // connection). Written as SQL, so its text is built once per process, not in every transaction.
  const result = await preparedStatement(
    db,
    `question_ids:${lock ?? 'unlocked'}`,
    () =>
      sql`SELECT id FROM questions WHERE id = ANY(${unplanned('ids', 'int[]')}::int[]) ORDER BY id${sql.raw(lock ? ` FOR ${lock.toUpperCase()}` : '')}`,
    { ids: [...new Set(ids)].sort((a, b) => a - b) },
  );
  const rows = rowsOf<{ id: number }>(result);
  return new Set(rows.map((r) => r.id));
}

/** Options (in order), topic titles and pictures of several questions: one statement whatever their number. */
export async function loadQuestionDetails(
  db: DbOrTx,
  ids: readonly number[],
): Promise<Map<number, QuestionDetails>> {
  const details = new Map<number, QuestionDetails>(
    ids.map((id) => [id, { candidates: [], topics: [], pictures: [] }]),
  );
  if (ids.length === 0) return details;
  // Every list of questions runs it: prepared, the ids as one array parameter.
  const rows = await prepared(db, 'question_details', (name) =>
    db
      .select({ id: questions.id, candidates: candidatesOf, topics: topicsOf, pictures: picturesOf })
      .from(questions)
      .where(sql`${questions.id} = ANY(${sql.placeholder('ids')}::int[])`)
      .prepare(name),
  ).execute({ ids: [...new Set(ids)] });
  for (const row of rows) details.set(row.id, row);
  return details;
}

/**
 * A question's options (in order) as a JSON array, beside its row: no statement of their own. The
 * outer row is named in full (`questions.id`): Drizzle leaves a column of a one-table select unqualified.
 */
export const candidatesOf = sql<
  Candidate[]
>`coalesce((SELECT json_agg(json_build_object('id', c.id, 'value', c.value) ORDER BY c.position) FROM candidates c WHERE c.question_id = questions.id), '[]'::json)`;
/** A question's topic titles (alphabetical, as `loadQuestionDetails` orders them), beside its row. */
export const topicsOf = sql<
  string[]
>`coalesce((SELECT array_agg(t.title ORDER BY t.title) FROM question_topics qt JOIN topics t ON t.id = qt.topic_id WHERE qt.question_id = questions.id), '{}'::text[])`;

/** A question's pictures (in order, with their sizes) as a JSON array, beside its row. */
export const picturesOf = sql<
  QuestionPicture[]
>`coalesce((SELECT json_agg(json_build_object('id', qp.picture, 'part', qp.part, 'alt', qp.alt, 'width', p.width, 'height', p.height) ORDER BY qp.position) FROM question_pictures qp JOIN pictures p ON p.hash = qp.picture WHERE qp.question_id = questions.id), '[]'::json)`;

/**
 * Questions with their options and topics, read in one statement (the options and topics are
 * aggregated beside each row). `lock` first takes row locks on the questions in id order until the
 * transaction ends — while the question itself is changed; answers, marked by its rules, lock it
 * `FOR SHARE` beforehand (`lockAnswerRows`) — and reads them in the next statement: under READ COMMITTED a statement that
 * waited for a row lock reads the locked row's new version but its sub-selects (the options) as they
 * were before the wait, so a locked read in one statement could pair a modify's new question with
 * its old options. The next statement's snapshot sees the modify whole.
 */
export async function loadQuestions(
  db: DbOrTx,
  ids: readonly number[],
  lock?: 'no key update',
): Promise<Map<number, QuestionRow & QuestionDetails>> {
  if (ids.length === 0) return new Map();
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const present = lock ? [...(await existingQuestionIds(db, sorted, lock))] : sorted;
  if (present.length === 0) return new Map();
  // Every answer runs this: prepared, the ids as one array parameter, `unplanned` (its plan is the
  // same for any ids; planned for each one's values, it was planned on every answer).
  const rows = await prepared(db, 'questions_with_details', (name) =>
    db
      .select({
        ...questionColumns,
        candidates: candidatesOf,
        topics: topicsOf,
        pictures: picturesOf,
      })
      .from(questions)
      .where(sql`${questions.id} = ANY(${unplanned('ids', 'int[]')}::int[])`)
      .orderBy(questions.id)
      .prepare(name),
  ).execute({ ids: present });
  return new Map(rows.map((row) => [row.id, row]));
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
    pictures: details.pictures,
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

/**
 * The order of a student's pending questions for a `sort` (default: due date), then id. The page of
 * questions and the list of their ids share it, so a client can pair them.
 */
export function pendingOrder(sort: SortOrder[]): SQL[] {
  return orderBy({ page: 0, size: 1, sort }, pendingSortable, [asc(assignments.targetDate)], questions.id);
}

/**
 * `local` (a wall-clock time in the app's zone) and `offset` (the zone's offset there, in minutes)
 * as `formatDateTime` writes them (common/dates.ts): `2026-11-23T10:00:00+09:00`, to the second. The
 * colons quoted (`":"`): pgbench reads `:MI` in a statement as a variable (bench/api.ts).
 */
function isoText(local: SQL, offset: SQL): SQL<string> {
  return sql<string>`to_char(${local}, 'YYYY-MM-DD"T"HH24":"MI":"SS') || CASE WHEN ${offset} < 0 THEN '-' ELSE '+' END || lpad((abs(${offset}) / 60)::text, 2, '0') || ':' || lpad((abs(${offset}) % 60)::text, 2, '0')`;
}

/** The minutes `zone` is ahead of UTC at `instant`, whose wall-clock time there is `local` (rounded, as `formatDateTime`). */
function offsetMinutes(instant: SQL | AnyPgColumn, local: SQL): SQL<number> {
  return sql<number>`round((date_part('epoch', ${local}) - date_part('epoch', ${instant})) / 60)::int`;
}

/** The statement's names for the default order (no string built per read). */
const PENDING_DEFAULT_NAMES = { all: 'pending_json:all:', day: 'pending_json:day:' } as const;
/** The one row's answer (a module function: no closure per read). */
const pageOf = (rows: { page: string }[]) => rows[0]!.page;

/**
 * A student's pending questions (optionally those due on one day), one page, in one prepared
 * statement whose one row is the whole answer as JSON text: the page `toPage` describes, its content
 * the array of `QuestionStudent`s, as `JSON.stringify` writes it. PostgreSQL builds the text, so Node
 * neither reads the rows nor writes them out again: the route sends it as it is ("Hot paths" in
 * docs/architecture.md). The page is a sorted subquery whose rows the aggregate joins in their page
 * order (numbered by `row_number()`).
 */
export function pendingQuestionsJson(
  db: DbOrTx,
  studentId: number,
  day: string | null,
  page: PageRequest,
  context: { now: Date; timeZone: string },
): Promise<string> {
  const filter = day ? 'day' : 'all';
  const variant = sortVariant(page.sort);
  const statementName =
    variant === null
      ? null
      : variant === ''
        ? PENDING_DEFAULT_NAMES[filter]
        : `pending_json:${filter}:${variant}`;
  const query = prepared(db, statementName, (name) => {
    // Built with the query, once per variant (not on every read: the read's hottest path).
    // Every value `unplanned`: PostgreSQL plans the statement once per connection, not on every read.
    const where = and(
      eq(assignments.studentId, unplanned('studentId', 'int')),
      day ? eq(assignments.dueDay, unplanned('day', 'date')) : undefined,
    );
    const zone = unplanned('timeZone', 'text');
    const generated = sql`(${questions.generatedDate} AT TIME ZONE ${zone})`;
    const target = sql`(${assignments.targetDate} AT TIME ZONE ${zone})`;
    // The page's rows, each value computed once (a subquery with LIMIT is run as it is, not merged
    // into the one around it); the JSON is written around them below.
    const rows = db
      .select({
        id: sql<number>`${questions.id}`.as('id'),
        title: sql<string>`${questions.title}`.as('title'),
        question: sql<string>`${questions.question}`.as('question'),
        type: sql<string>`${questions.type}`.as('type'),
        hint: sql<string | null>`${questions.hint}`.as('hint'),
        // Options in order and topic titles sorted, as `candidatesOf` and `topicsOf`.
        candidates:
          sql<string>`coalesce((SELECT '[' || string_agg(format('{"id":%s,"value":%s}', c.id, to_json(c.value)), ',' ORDER BY c.position) || ']' FROM candidates c WHERE c.question_id = ${questions.id}), '[]')`.as(
            'candidates',
          ),
        topics:
          sql<string>`coalesce((SELECT array_to_json(array_agg(t.title ORDER BY t.title))::text FROM question_topics qt JOIN topics t ON t.id = qt.topic_id WHERE qt.question_id = ${questions.id}), '[]')`.as(
            'topics',
          ),
        // The pictures of the text only (a pending question's explanation is not shown), as `picturesOf`.
        pictures:
          sql<string>`coalesce((SELECT '[' || string_agg(format('{"id":%s,"part":%s,"alt":%s,"width":%s,"height":%s}', to_json(qp.picture), to_json(qp.part), to_json(qp.alt), p.width, p.height), ',' ORDER BY qp.position) || ']' FROM question_pictures qp JOIN pictures p ON p.hash = qp.picture WHERE qp.question_id = ${questions.id} AND qp.part = 'question'), '[]')`.as(
            'pictures',
          ),
        generatedLocal: sql`${generated}`.as('generated_local'),
        generatedOffset: offsetMinutes(questions.generatedDate, generated).as('generated_offset'),
        targetLocal: sql`${target}`.as('target_local'),
        targetOffset: offsetMinutes(assignments.targetDate, target).as('target_offset'),
        // `timeLeft`: the milliseconds left from a stored time counted to the millisecond (as
        // node-postgres reads it); bigint division truncates toward zero as Math.trunc does.
        // The page's order as a number: the aggregate below joins the rows by it (an aggregate's input
        // order is otherwise not guaranteed, even from a sorted subquery).
        position: sql<number>`row_number() OVER (ORDER BY ${sql.join(pendingOrder(page.sort), sql`, `)})`.as(
          'position',
        ),
        msLeft:
          sql<number>`round(date_part('epoch', date_trunc('milliseconds', ${assignments.targetDate})) * 1000)::bigint - ${unplanned('nowMs', 'bigint')}`.as(
            'ms_left',
          ),
      })
      .from(assignments)
      .innerJoin(questions, eq(questions.id, assignments.questionId))
      .where(where)
      .orderBy(...pendingOrder(page.sort))
      .limit(unplannedCount('limit'))
      .offset(unplannedCount('offset'))
      .as('page');
    // Each question as the text `JSON.stringify` gives of its `QuestionStudent` (fields in the
    // contract's order, no spaces; strings through `to_json`, which escapes as JSON.stringify does),
    // joined in the page's order.
    const item = sql`format('{"id":%s,"title":%s,"question":%s,"type":%s,"candidates":%s,"hint":%s,"generatedDate":"%s","topics":%s,"pictures":%s,"targetDate":"%s","minLeft":%s,"hourLeft":%s,"dayLeft":%s}',
      ${rows.id}, to_json(${rows.title}), to_json(${rows.question}), to_json(${rows.type}), ${rows.candidates},
      coalesce(to_json(${rows.hint})::text, 'null'), ${isoText(sql`${rows.generatedLocal}`, sql`${rows.generatedOffset}`)},
      ${rows.topics}, ${rows.pictures}, ${isoText(sql`${rows.targetLocal}`, sql`${rows.targetOffset}`)},
      ${rows.msLeft} / 60000, ${rows.msLeft} / 3600000, ${rows.msLeft} / 86400000)`;
    // The page's content, how many questions it holds and the student's total, once each (an
    // aggregate subquery is not merged into the select around it).
    const summary = db
      .select({
        content:
          sql<string>`coalesce('[' || string_agg(${item}, ',' ORDER BY ${rows.position}) || ']', '[]')`.as(
            'content',
          ),
        count: sql<number>`count(*)::int`.as('count'),
        total: sql<number>`(${db.select({ total: count() }).from(assignments).where(where)})::int`.as(
          'total',
        ),
        size: sql<number>`${unplanned('limit', 'bigint')}`.as('size'),
        offset: sql<number>`${unplanned('offset', 'bigint')}`.as('offset'),
      })
      .from(rows)
      .as('summary');
    // The envelope `toPage` describes (common/contracts/paging.ts), fields in its order, around the
    // content: the whole answer in one string, which Node sends without copying it into a longer one.
    // Booleans as format's arguments, never `":true` in the text: pgbench would read `:true` as a variable.
    const sorted = page.sort.length > 0;
    const sortInfo = sql`format('{"empty":%s,"sorted":%s,"unsorted":%s}', ${sql.raw(`'${!sorted}'`)}, ${sql.raw(`'${sorted}'`)}, ${sql.raw(`'${!sorted}'`)})`;
    const number = sql`(${summary.offset} / ${summary.size})`;
    const totalPages = sql`((${summary.total} + ${summary.size} - 1) / ${summary.size})`;
    return db
      .select({
        page: sql<string>`format('{"content":%s,"pageable":{"pageNumber":%s,"pageSize":%s,"sort":%s,"offset":%s,"paged":%s,"unpaged":%s},"totalPages":%s,"totalElements":%s,"size":%s,"number":%s,"numberOfElements":%s,"first":%s,"last":%s,"empty":%s,"sort":%s}',
          ${summary.content}, ${number}, ${summary.size}, ${sortInfo}, ${summary.offset}, 'true', 'false',
          ${totalPages}, ${summary.total}, ${summary.size}, ${number}, ${summary.count},
          to_json(${summary.offset} = 0)::text, to_json(${number} >= ${totalPages} - 1)::text,
          to_json(${summary.count} = 0)::text, ${sortInfo})`,
      })
      .from(summary)
      .prepare(name);
  });
  const values = {
    studentId,
    day,
    limit: page.size,
    offset: page.page * page.size,
    timeZone: context.timeZone,
    nowMs: context.now.getTime(),
  };
  // Not an async function: the read's hottest path, one promise fewer per read.
  return query.execute(values).then(pageOf);
}
