import type { AssignmentCreateRequest } from '../../common/contracts/tutoring.ts';
import { dayOf, parseDateTime } from '../../common/dates.ts';
import { dueDateReason, dueDateText } from '../../common/questions/checks.ts';
import { normaliseNames } from '../../common/questions/rules.ts';
import type { z } from '../../common/zod.ts';
import { refreshCalendarDays } from '../calendars/service.ts';
import type { Db, DbOrTx } from '../db/open.ts';
import { badRequest } from '../errors.ts';
import { existingQuestionIds } from '../shared/questions.ts';
import { findStudentsByNames, lockStudents, type UserRow } from '../shared/users.ts';
import {
  assignEveryone,
  countPending,
  latestPendingDueDay,
  pendingAssignments,
  pendingQuestionIds,
} from './queries.ts';

/** Other domains' writes and reads of the pending assignments, and the order their route declares. */
export { pendingSortable } from '../shared/questions.ts';
export { pendingAssignments, upsertAssignments } from './queries.ts';

/**
 * A due date: a date-time (offset optional, local = APP_TIME_ZONE), not in the past, at most 14 days
 * ahead. Answers the instant and its day in the app's zone.
 */
export function checkDueDate(
  text: string,
  now: Date,
  timeZone: string,
  field = 'targetDate',
): { at: Date; day: string } {
  const at = parseDateTime(text, timeZone);
  if (!at) throw badRequest((t) => `${field}: ${t.questionSaveTexts.notDateTime('2026-11-30T18:00')}`);
  const reason = dueDateReason(at, now);
  if (reason) throw badRequest((t) => `${field}: ${dueDateText(t.questionRuleTexts, reason)}`);
  return { at, day: dayOf(at, timeZone) };
}

/** Students named in a request: trimmed, lower-cased, all known, or a 400 naming the unknown ones. */
export async function requireStudents(
  db: DbOrTx,
  names: readonly string[],
  field: string,
): Promise<UserRow[]> {
  const wanted = normaliseNames(names);
  const found = await findStudentsByNames(db, wanted);
  const unknown = wanted.filter((n) => !found.has(n));
  if (unknown.length > 0) {
    throw badRequest((t) => `${field}: ${t.questionSaveTexts.unknownStudents(unknown)}`);
  }
  return wanted.map((n) => found.get(n)!);
}

/**
 * Makes questions pending for students with one due date, in one transaction. Re-assigning an
 * answered question makes it pending again; re-assigning a pending one moves its due date.
 */
export async function assignQuestions(
  db: Db,
  request: z.output<typeof AssignmentCreateRequest>,
  now: Date,
  timeZone: string,
): Promise<number> {
  const due = checkDueDate(request.targetDate, now, timeZone);
  const students = await requireStudents(db, request.names, 'names');
  const questionIds = [...new Set(request.questionIds)];
  const existing = await existingQuestionIds(db, questionIds);
  const missing = questionIds.filter((id) => !existing.has(id));
  if (missing.length > 0)
    throw badRequest((t) => `questionIds: ${t.questionSaveTexts.noQuestionIds(missing)}`);

  await db.transaction(async (tx) => {
    await assignInTransaction(tx, questionIds, students, due);
  });
  return questionIds.length * students.length;
}

/**
 * Upserts the assignments and refreshes the calendar days they leave and enter, under the students'
 * locks (so the due days read before the upsert are still the ones it replaces).
 */
export async function assignInTransaction(
  tx: DbOrTx,
  questionIds: readonly number[],
  students: readonly UserRow[],
  due: { at: Date; day: string },
): Promise<void> {
  if (questionIds.length === 0 || students.length === 0) return;
  const studentIds = students.map((s) => s.id);
  await lockStudents(tx, studentIds);
  const before = await pendingAssignments(tx, studentIds, questionIds);
  await assignEveryone(tx, questionIds, studentIds, due);
  await refreshCalendarDays(tx, [
    ...studentIds.map((studentId) => ({ studentId, day: due.day })),
    ...before.map((a) => ({ studentId: a.studentId, day: a.dueDay })),
  ]);
}

export const assignmentReads = {
  latest: latestPendingDueDay,
  count: countPending,
  ids: pendingQuestionIds,
};
