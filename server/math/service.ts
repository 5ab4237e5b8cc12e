import { randomInt } from 'node:crypto';
import type { MathAnswerRequest, MathDayCount, MathIssued } from '../../common/contracts/math.ts';
import { type Page, type PageRequest, toPage } from '../../common/contracts/paging.ts';
import { dayOf, formatDateTime } from '../../common/dates.ts';
import { mathLimits } from '../../common/limits.ts';
import { formatMathQuestion, isCorrectSum, parseMathQuestion } from '../../common/math.ts';
import { mathTexts } from '../../common/mathTexts.ts';
import { validationTexts } from '../../common/validationTexts.ts';
import type { z } from '../../common/zod.ts';
import type { Db } from '../db/open.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { type Auth, resolveSubjectAccess } from '../http/access.ts';
import type { UserRow } from '../shared/users.ts';
import {
  answerIssued,
  countAnswer,
  type DayRow,
  dayPage,
  dayRow,
  findMathAnswer,
  insertAnswered,
  issueQuestion,
  latestDay,
} from './queries.ts';

/** A day's and all days' right and wrong answers, as counted; what the day list may sort by. */
export { dayCountSortable, dayRow, totals } from './queries.ts';

type Context = { now: Date; timeZone: string };

/** Operands drawn by the server, so a client cannot pick easy ones (99–998 each). */
const drawOperand = () => randomInt(mathLimits.operandMin, mathLimits.operandMax + 1);

/**
 * `POST simple_math/next?name=`: the student's open question, or a new one. Refused (409) once the
 * day holds 100 answers, so the page shows 'Done'.
 */
export async function issueNext(db: Db, student: UserRow, { now, timeZone }: Context): Promise<MathIssued> {
  const today = await dayRow(db, student.id, dayOf(now, timeZone));
  const dayCount = today.correct + today.wrong;
  if (dayCount >= mathLimits.dailyCap) throw conflict(mathTexts.dailyCapReached);
  const issued = await issueQuestion(db, student.id, { a: drawOperand(), b: drawOperand() }, now);
  return {
    id: issued.id,
    question: formatMathQuestion(issued),
    dayCount,
    issuedAt: formatDateTime(issued.issuedAt, timeZone),
  };
}

/**
 * `POST simple_math`: stores one answer, marked by the server (correct when it equals the sum; −1, a
 * timeout, is wrong), stamped with the server's time and counted on its day (APP_TIME_ZONE) in the
 * same transaction, which rolls back when the day already holds 100 (409). The named student must be
 * the caller or the caller staff. Answers the new id. Answering an issued question again with the
 * same answer (a retry after a lost response) answers the same id and counts nothing.
 */
export async function submitMathAnswer(
  db: Db,
  auth: Auth,
  body: z.output<typeof MathAnswerRequest>,
  { now, timeZone }: Context,
): Promise<number> {
  const student = await resolveSubjectAccess(db, auth, body.name, { subject: 'student', write: true });
  const day = dayOf(now, timeZone);
  const given = body.question === undefined ? null : parseMathQuestion(body.question);
  // The schema has already refused malformed questions and operands out of range.
  const operands = given === null || typeof given === 'string' ? null : given;

  if (body.questionId !== undefined) {
    const questionId = body.questionId;
    return db.transaction(async (tx) => {
      const existing = await findMathAnswer(tx, student.id, questionId);
      if (!existing) throw notFound(mathTexts.noSuchQuestion);
      if (operands && (operands.a !== existing.a || operands.b !== existing.b)) {
        throw badRequest(
          (t) => `question: ${t.mathTexts.notIssuedQuestion}`,
          [{ path: 'question', message: mathTexts.notIssuedQuestion }],
        );
      }
      const answered = await answerIssued(tx, student.id, questionId, body.answer, { now, day });
      if (!answered) {
        // Answered meanwhile: by this very answer (a retry), or by another one.
        const stored = await findMathAnswer(tx, student.id, questionId);
        if (stored?.answer === body.answer) return stored.id;
        throw conflict(mathTexts.alreadyAnswered);
      }
      if (!(await countAnswer(tx, student.id, day, answered.correct, mathLimits.dailyCap))) {
        throw conflict(mathTexts.dailyCapReached);
      }
      return answered.id;
    });
  }

  if (!operands)
    throw badRequest(
      (t) => `question: ${t.validationTexts.required}`,
      [{ path: 'question', message: validationTexts.required }],
    );
  const correct = isCorrectSum(operands, body.answer);
  return db.transaction(async (tx) => {
    if (!(await countAnswer(tx, student.id, day, correct, mathLimits.dailyCap))) {
      throw conflict(mathTexts.dailyCapReached);
    }
    return insertAnswered(tx, student.id, { ...operands, answer: body.answer, correct, now, day });
  });
}

function toDayCount(name: string, row: DayRow): MathDayCount {
  return { name, date: row.date, correctCounts: row.correct, wrongCounts: row.wrong };
}

/** `GET simple_math/day_counts/page`: one page of the student's days with answers. */
export async function dayCountsPage(
  db: Db,
  student: UserRow,
  page: PageRequest,
): Promise<Page<MathDayCount>> {
  const { rows, total } = await dayPage(db, student.id, page);
  return toPage(
    rows.map((row) => toDayCount(student.username, row)),
    page,
    total,
  );
}

/** `GET simple_math/day_counts/latest`: the student's newest day with answers, or null before any. */
export async function latestDayCount(db: Db, student: UserRow): Promise<MathDayCount | null> {
  const row = await latestDay(db, student.id);
  return row ? toDayCount(student.username, row) : null;
}
