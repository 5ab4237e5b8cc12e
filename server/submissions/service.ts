import { type Page, type PageRequest, toPage } from '../../common/contracts/paging.ts';
import type { DayCount, SubmissionsPage } from '../../common/contracts/responses.ts';
import type {
  RedoBatch,
  SubmissionBatch,
  SubmissionQuestion,
  SubmissionSummary,
} from '../../common/contracts/tutoring.ts';
import { dayOf, formatDateTime } from '../../common/dates.ts';
import { answerProblem, autoMark, type Mark, type QuestionType } from '../../common/questions/rules.ts';
import type { z } from '../../common/zod.ts';
import { pendingAssignments } from '../assignments/service.ts';
import { refreshCalendarDays } from '../calendars/service.ts';
import type { Db, DbOrTx } from '../db/open.ts';
import { deleteDrafts, draftVersions } from '../drafts/service.ts';
import { AppError, badRequest, type Text } from '../errors.ts';
import { type Auth, resolveSubjectsAccess } from '../http/access.ts';
import { inLanguage, type LocalText } from '../i18n/texts.ts';
import { loadQuestionDetails, loadQuestions, toQuestionOnly } from '../questions/service.ts';
import { reviewStatuses, scheduleAfterRedos } from '../review/service.ts';
import type { QuestionDetails, QuestionRow } from '../shared/questions.ts';
import { lockStudents, type UserRow } from '../shared/users.ts';
import { countMarkChanges } from '../stats/service.ts';
import {
  answerPending,
  dayCounts,
  insertSubmissions,
  latestSubmissions,
  lockAnswerRows,
  reviewPage,
  type SubmissionRow,
  type SubmissionWithDetails,
  type SubmissionWithQuestion,
  setTeacherMarks,
  submissionSummary,
  submissionsByIds,
  submissionsPage,
  submissionsWithQuestions,
  unmarkedPage,
} from './queries.ts';

/** What a question's modify and the marking read or write of the answers, in their transactions. */
/** A person's count of answers, as stored; what the lists of answers may sort by. */
export {
  autoMarkedSubmissions,
  countSubmissions,
  setMarks,
  studentsWhoAnswered,
  submissionSortable,
  submissionsWithQuestions,
} from './queries.ts';

type Context = { now: Date; timeZone: string };
type Problem = { index: number; field: string; message: Text };

/** Submissions with their questions (answer and explanation included) in the wire shape: two more statements. */
export async function toSubmissionQuestions(
  db: DbOrTx,
  rows: SubmissionWithQuestion[],
  timeZone: string,
): Promise<SubmissionQuestion[]> {
  const details = await loadQuestionDetails(
    db,
    rows.map((r) => r.question.id),
  );
  return rows.map(({ submission, question }) =>
    toSubmissionQuestion(submission, { ...question, ...details.get(question.id)! }, timeZone),
  );
}

/** Submissions whose questions came with their options and topics, in the wire shape: no statement. */
export function withDetailsToSubmissionQuestions(
  rows: SubmissionWithDetails[],
  timeZone: string,
): SubmissionQuestion[] {
  return rows.map(({ submission, question }) => toSubmissionQuestion(submission, question, timeZone));
}

/** One submission in the wire shape, from rows already at hand (no statement). */
function toSubmissionQuestion(
  submission: SubmissionRow,
  question: QuestionRow & QuestionDetails,
  timeZone: string,
): SubmissionQuestion {
  return {
    id: submission.id,
    question: toQuestionOnly(question, question, timeZone),
    studentAnswer: submission.studentAnswer,
    submitDate: formatDateTime(submission.submitDate, timeZone),
    targetDate: formatDateTime(submission.targetDate, timeZone),
    marked: submission.marked as Mark,
    redo: submission.redo,
  };
}

function rejectItems(problems: Problem[], status: 400 | 409 = 400): never {
  const details = problems.map((p) => ({ path: `[${p.index}].${p.field}`, message: p.message }));
  // The one line names each answer by its number, in the request's language as the details are.
  const message: LocalText = (texts, language) =>
    problems
      .map((p) => texts.validationTexts.answerItem(p.index + 1, p.field, inLanguage(p.message, language)))
      .join('; ');
  throw new AppError(status, message, details);
}

/**
 * Answers typed over a draft that has changed since (another tab or device saved a newer one): a
 * 409 naming them, so a stale tab never submits an answer the student has since replaced. Only
 * items that say which draft version they were typed from are checked (the original client sends
 * none). The caller holds the students' locks.
 */
async function refuseStaleDrafts(
  tx: DbOrTx,
  items: readonly { studentId: number; questionId: number; draftVersion?: number | undefined }[],
): Promise<void> {
  const checked = items.filter((i) => i.draftVersion !== undefined);
  if (checked.length === 0) return;
  const stored = await draftVersions(tx, checked);
  const stale: Problem[] = [];
  items.forEach((item, index) => {
    if (item.draftVersion === undefined) return;
    const version = stored.get(`${item.studentId}:${item.questionId}`);
    if (version !== undefined && version !== item.draftVersion) {
      stale.push({
        index,
        field: 'draftVersion',
        message: (t) => t.validationTexts.staleDraft(item.questionId),
      });
    }
  });
  if (stale.length > 0) rejectItems(stale, 409);
}

/** Why an answer cannot be stored for a question (null when it can). */
function answerItemProblem(
  question: (QuestionRow & QuestionDetails) | undefined,
  studentAnswer: string,
): ReturnType<typeof answerProblem> {
  if (!question) return null;
  return answerProblem(
    question.type as QuestionType,
    question.candidates.map((c) => c.value),
    studentAnswer,
  );
}

/**
 * `POST submissions/multiples`: answers to pending questions, marked on arrival, in one transaction.
 * Each named student must be the caller (or the caller staff); every item must answer a question
 * pending for that student, once, with an answer that fits it; otherwise nothing is saved and the
 * 400 names every bad item. The server's clock sets the submit time.
 *
 * Atomic under concurrency: the questions are read under a share lock (a modify of their rules
 * waits), the students' rows are locked, and the assignments are consumed with `DELETE … RETURNING`;
 * an answer whose assignment was not really consumed (a double click, a second tab) is refused.
 * The same statement adds the stored answers to their calendar days and topic statistics (an
 * increment, not a recount, so a submit's cost does not grow with the student's history); both
 * locks are what keeps the increments equal to a recount.
 */
export async function submitAnswers(
  db: Db,
  auth: Auth,
  items: z.output<typeof SubmissionBatch>,
  context: Context,
): Promise<SubmissionQuestion[]> {
  const students = await resolveSubjectsAccess(
    db,
    auth,
    items.map((i) => i.studentName),
    { subject: 'student', write: true },
  );
  const questionIds = [...new Set(items.map((i) => i.questionId))];
  const keyOf = (studentId: number, questionId: number) => `${studentId}:${questionId}`;
  const studentOf = (item: (typeof items)[number]) => students.get(item.studentName.toLowerCase())!;

  return db.transaction(async (tx) => {
    const questions = await loadQuestions(
      tx,
      await lockAnswerRows(
        tx,
        questionIds,
        [...students.values()].map((s) => s.id),
      ),
    );
    await refuseStaleDrafts(
      tx,
      items.map((item) => ({
        studentId: studentOf(item).id,
        questionId: item.questionId,
        draftVersion: item.draftVersion,
      })),
    );

    // What can be told without the assignments: a pair answered twice, an unknown question, an
    // answer that does not fit its question.
    const seen = new Set<string>();
    const checked = items.map((item) => {
      const key = keyOf(studentOf(item).id, item.questionId);
      const twice = seen.has(key);
      seen.add(key);
      const question = questions.get(item.questionId);
      return { twice, question, answerProblem: answerItemProblem(question, item.studentAnswer) };
    });
    const storable = checked.every((c) => !c.twice && c.question && !c.answerProblem);
    // The usual case: consume, store and mark in one statement; an answer it did not store was not
    // pending. Otherwise nothing is stored: which pairs are pending is only read, for the message.
    const answered = storable
      ? await answerPending(
          tx,
          items.map((item, index) => {
            const question = checked[index]!.question!;
            return {
              studentId: studentOf(item).id,
              questionId: item.questionId,
              studentAnswer: item.studentAnswer,
              marked: autoMark(question.type as QuestionType, question.answer, item.studentAnswer),
            };
          }),
          context.now,
        )
      : null;
    const stored = answered?.stored ?? [];
    const pending = new Set(
      storable
        ? stored.map((s) => keyOf(s.studentId, s.questionId))
        : (
            await pendingAssignments(
              tx,
              [...students.values()].map((s) => s.id),
              questionIds,
            )
          ).map((a) => keyOf(a.studentId, a.questionId)),
    );

    const problems: Problem[] = [];
    items.forEach((item, index) => {
      const student = studentOf(item);
      const { twice, question, answerProblem } = checked[index]!;
      if (twice)
        problems.push({
          index,
          field: 'questionId',
          message: (t) => t.validationTexts.answeredTwice(item.questionId),
        });
      if (!question)
        problems.push({
          index,
          field: 'questionId',
          message: (t) => t.validationTexts.noQuestion(item.questionId),
        });
      else if (!pending.has(keyOf(student.id, item.questionId))) {
        problems.push({
          index,
          field: 'questionId',
          message: (t) => t.validationTexts.notPending(item.questionId, student.username),
        });
      } else if (answerProblem) problems.push({ index, field: 'studentAnswer', message: answerProblem });
    });
    // Throwing rolls the transaction back: the consumed assignments are pending again.
    if (problems.length > 0) rejectItems(problems);

    // The statement counted the answers into their calendar days and topic statistics. A day it did
    // not find (stored counts never written for it) is recounted, so the stored counts end exact.
    const days = new Set(stored.map((s) => `${s.studentId}:${s.dueDay}`));
    if (answered && answered.daysCounted < days.size) {
      await refreshCalendarDays(
        tx,
        stored.map((s) => ({ studentId: s.studentId, day: s.dueDay })),
      );
    }
    // The answer is built from the stored rows and the questions read above: nothing is read again.
    return stored.map((s) => toSubmissionQuestion(s, questions.get(s.questionId)!, context.timeZone));
  });
}

/**
 * A redo from the review page: a new answer to a question in Review and due (its latest answer is
 * wrong, or spaced review scheduled it for today or earlier). It is marked like a first
 * answer; without scheduling a correct redo takes the question off the review list and a wrong one
 * keeps it; with scheduling the redo moves it on the ladder (`scheduleAfterRedos`).
 * It belongs to the same due day as the answer it redoes and does not count as newly solved.
 * The review list is read under the student's lock, so of two redos sent at once the second sees
 * the first (a correct first redo leaves nothing to redo).
 */
export async function redoAnswers(
  db: Db,
  student: UserRow,
  items: z.output<typeof RedoBatch>,
  context: Context,
): Promise<SubmissionQuestion[]> {
  const questionIds = [...new Set(items.map((i) => i.questionId))];
  return db.transaction(async (tx) => {
    const questions = await loadQuestions(tx, await lockAnswerRows(tx, questionIds, [student.id]));
    await refuseStaleDrafts(
      tx,
      items.map((item) => ({ studentId: student.id, ...item })),
    );
    const latest = await latestSubmissions(tx, student.id, questionIds);
    // Reassigned questions are pending again: answered on the tutoring page, not redone (docs/api.md).
    const pending = new Set(
      (await pendingAssignments(tx, [student.id], questionIds)).map((a) => a.questionId),
    );
    // Where each question stands in Review: in it at all, and due by today.
    const today = dayOf(context.now, context.timeZone);
    const review = await reviewStatuses(tx, student.id, latest, pending, context.timeZone, today);
    const problems: Problem[] = [];
    const seen = new Set<number>();
    items.forEach((item, index) => {
      const previous = latest.get(item.questionId);
      const question = questions.get(item.questionId);
      if (seen.has(item.questionId))
        problems.push({
          index,
          field: 'questionId',
          message: (t) => t.validationTexts.answeredTwice(item.questionId),
        });
      seen.add(item.questionId);
      if (pending.has(item.questionId)) {
        problems.push({
          index,
          field: 'questionId',
          message: (t) => t.validationTexts.assignedAgain(item.questionId, student.username),
        });
        return;
      }
      const status = review.statuses.get(item.questionId);
      if (!question || !previous || !status?.inReview) {
        problems.push({
          index,
          field: 'questionId',
          message: (t) => t.validationTexts.notInReview(item.questionId, student.username),
        });
        return;
      }
      if (status.dueDay > today) {
        problems.push({
          index,
          field: 'questionId',
          message: (t) => t.validationTexts.notDueYet(item.questionId, status.dueDay),
        });
        return;
      }
      const problem = answerItemProblem(question, item.studentAnswer);
      if (problem) problems.push({ index, field: 'studentAnswer', message: problem });
    });
    if (problems.length > 0) rejectItems(problems);

    const inserted = await insertSubmissions(
      tx,
      items.map((item) => {
        const question = questions.get(item.questionId)!;
        const previous = latest.get(item.questionId)!;
        const marked = autoMark(question.type as QuestionType, question.answer, item.studentAnswer);
        return {
          questionId: item.questionId,
          studentId: student.id,
          studentAnswer: item.studentAnswer,
          submitDate: context.now,
          targetDate: previous.targetDate,
          dueDay: previous.dueDay,
          marked,
          autoMarked: marked !== 0,
          redo: true,
          questionGeneratedDate: question.generatedDate,
        };
      }),
    );
    await scheduleAfterRedos(tx, student.id, inserted, review, today);
    await deleteDrafts(
      tx,
      items.map((i) => ({ studentId: student.id, questionId: i.questionId })),
    );
    await refreshCalendarDays(
      tx,
      items.map((i) => ({ studentId: student.id, day: latest.get(i.questionId)!.dueDay })),
    );
    // Built from the stored rows and the questions read above: nothing is read again.
    return inserted.map((s) => toSubmissionQuestion(s, questions.get(s.questionId)!, context.timeZone));
  });
}

/**
 * `PUT submissions/mark/{name}`: a teacher's marks, in one transaction under the student's lock.
 * Every id must be a submission of that student (else a 400 naming them and nothing changes).
 * Answers the updated submissions.
 */
export async function markSubmissions(
  db: Db,
  student: UserRow,
  marks: Record<string, 0 | 1 | -1>,
  timeZone: string,
): Promise<SubmissionQuestion[]> {
  const wanted = new Map(Object.entries(marks).map(([id, mark]) => [Number(id), mark as number]));
  // `{}` (Submit pressed on an empty marking page, as the original client does) changes nothing.
  if (wanted.size === 0) return [];
  await db.transaction(async (tx) => {
    await lockStudents(tx, [student.id]);
    const mine = await submissionsByIds(tx, [...wanted.keys()], student.id);
    const known = new Set(mine.map((r) => r.id));
    const foreign = [...wanted.keys()].filter((id) => !known.has(id));
    if (foreign.length > 0) {
      throw badRequest((t) => t.apiMessages.noSubmissionsOf(foreign, student.username));
    }
    await applyTeacherMarks(tx, wanted, student.id);
  });
  return toSubmissionQuestions(
    db,
    await submissionsWithQuestions(db, [...wanted.keys()], student.id),
    timeZone,
  );
}

/**
 * A teacher's marks on these submissions (their students' locks held): stored as the teacher's;
 * the calendar days of the marks that changed are recounted (a day's few answers), and the topic
 * statistics change by the difference (a recount would read every answer of the student).
 */
export async function applyTeacherMarks(
  tx: DbOrTx,
  marks: Map<number, number>,
  studentId: number | null = null,
): Promise<void> {
  const changed = (await setTeacherMarks(tx, marks, studentId)).filter((c) => c.before !== c.after);
  await refreshCalendarDays(
    tx,
    changed.map((c) => ({ studentId: c.studentId, day: c.dueDay })),
  );
  await countMarkChanges(tx, changed);
}

export async function summaryFor(
  db: Db,
  studentId: number,
  day: string | null,
  timeZone: string,
  page: PageRequest,
): Promise<{ summary: SubmissionSummary; marks: Mark[] }> {
  const row = await submissionSummary(db, studentId, day, page);
  return {
    summary: {
      total: row.total,
      correct: row.correct,
      wrong: row.wrong,
      unmarked: row.unmarked,
      redos: row.redos,
      corrected: row.corrected,
      firstDueDate: row.first ? formatDateTime(new Date(row.first), timeZone) : null,
      lastDueDate: row.last ? formatDateTime(new Date(row.last), timeZone) : null,
    },
    marks: Array.from(row.marks ?? '', (mark): Mark => (mark === '1' ? 1 : mark === '2' ? -1 : 0)),
  };
}

/** `GET submissions/mark/{name}`: one page of the student's answers waiting for a mark. */
export async function unmarkedAnswers(
  db: Db,
  studentId: number,
  page: PageRequest,
  timeZone: string,
): Promise<Page<SubmissionQuestion>> {
  const { rows, total } = await unmarkedPage(db, studentId, page);
  return toPage(withDetailsToSubmissionQuestions(rows, timeZone), page, total);
}

/** `GET submissions/review/{name}`: one page of the review list, each answer with its schedule. */
export async function reviewAnswers(
  db: Db,
  studentId: number,
  page: PageRequest,
  { now, timeZone }: Context,
): Promise<Page<SubmissionQuestion>> {
  const today = dayOf(now, timeZone);
  const { rows, total } = await reviewPage(db, studentId, page, today, timeZone);
  const answers = withDetailsToSubmissionQuestions(rows, timeZone).map((answer, i) => {
    const { dueDay, step, pinned } = rows[i]!.review;
    return { ...answer, review: { dueDay, due: dueDay <= today, step, pinned } };
  });
  return toPage(answers, page, total);
}

/** `GET submissions/{name}`: one page of the answers (of one due day, or all) and a summary of all of them. */
export async function submissionsOf(
  db: Db,
  studentId: number,
  day: string | null,
  page: PageRequest,
  timeZone: string,
): Promise<SubmissionsPage> {
  // Two statements at once, on two connections: the page's rows, and the summary of every answer
  // (which grows with the student's history), whose counts also give the page's total.
  const [rows, { summary, marks }] = await Promise.all([
    submissionsPage(db, studentId, day, page),
    summaryFor(db, studentId, day, timeZone, page),
  ]);
  const total = summary.total + summary.redos;
  return { ...toPage(withDetailsToSubmissionQuestions(rows, timeZone), page, total), summary, marks };
}

function toDayCount(name: string, row: { date: string; correct: number; wrong: number; unmarked: number }) {
  return {
    name,
    date: row.date,
    correctCounts: row.correct,
    wrongCounts: row.wrong,
    unmarkedCounts: row.unmarked,
  };
}

/** `GET submissions/day_counts`: the student's answers counted by due day. */
export async function dayCountsOf(db: Db, student: UserRow, timeZone: string): Promise<DayCount[]> {
  const rows = await dayCounts(db, student.id, timeZone, false);
  return rows.map((r) => toDayCount(student.username, r));
}

/** `GET submissions/day_counts/latest`: the latest due day's counts, or null before any answer. */
export async function latestDayCount(db: Db, student: UserRow, timeZone: string): Promise<DayCount | null> {
  const [row] = await dayCounts(db, student.id, timeZone, true);
  return row ? toDayCount(student.username, row) : null;
}
