import type { ReviewItem, ReviewSchedule } from '../../common/contracts/review.ts';
import { dayOf } from '../../common/dates.ts';
import {
  afterRedo,
  DEFAULT_LADDER,
  isDue,
  pinned,
  type ReviewStatus,
  reviewStatus,
  type ScheduleRow,
  settingsFor,
} from '../../common/reviewSchedule.ts';
import type { Db, DbOrTx } from '../db/open.ts';
import { badRequest, notFound } from '../errors.ts';
import type { SubmissionRow } from '../shared/submissions.ts';
import { lockStudents, type UserRow } from '../shared/users.ts';
import {
  deleteSetting,
  reviewCounts,
  scheduledRightRows,
  scheduleItems,
  scheduleRows,
  settingsOf,
  topicIdOf,
  topicsOfQuestions,
  upsertSetting,
  writeScheduleRows,
} from './queries.ts';

/**
 * Spaced review: the rules are common/reviewSchedule.ts; this applies them to the stored
 * rows. Every write here runs under the student's row lock (`lockStudents`), like redos, so a pin, a
 * retirement, a settings change and a redo of the same student happen one after the other and each
 * decides on what the previous one left (the check-then-write is atomic on PostgreSQL).
 */

type Context = { now: Date; timeZone: string };

/**
 * A latest answer as the scheduler reads it. Its day is never after today (a wrong answer is due at
 * once): only a clock set back (tests) could make it so.
 */
export function latestDay(submitDate: Date, timeZone: string, today: string): string {
  const day = dayOf(submitDate, timeZone);
  return day < today ? day : today;
}

/** Where these questions stand in Review, from their latest answers (one statement for the rows). */
export async function reviewStatuses(
  tx: DbOrTx,
  studentId: number,
  latest: Map<number, SubmissionRow>,
  pending: Set<number>,
  timeZone: string,
  today: string,
): Promise<Review> {
  const rows = await scheduleRows(tx, studentId, [...latest.keys()]);
  const statuses = new Map<number, ReviewStatus>();
  for (const [questionId, submission] of latest) {
    statuses.set(
      questionId,
      reviewStatus(
        {
          id: submission.id,
          marked: submission.marked,
          day: latestDay(submission.submitDate, timeZone, today),
        },
        rows.get(questionId),
        pending.has(questionId),
      ),
    );
  }
  return { statuses, rows };
}

export type Review = { statuses: Map<number, ReviewStatus>; rows: Map<number, ScheduleRow> };

/**
 * After redos (stored as `redos`, the student's lock held): each question's row as its settings say
 * (`afterRedo`). With scheduling off and no row there is nothing to write, so a student without any
 * setting pays one statement (the settings) for this.
 */
export async function scheduleAfterRedos(
  tx: DbOrTx,
  studentId: number,
  redos: readonly SubmissionRow[],
  { statuses, rows }: Review,
  today: string,
): Promise<void> {
  const stored = await settingsOf(tx, studentId);
  if (stored.length === 0 && !redos.some((r) => rows.has(r.questionId))) return;
  const topics = stored.some((s) => s.topic !== null)
    ? await topicsOfQuestions(
        tx,
        redos.map((r) => r.questionId),
      )
    : new Map<number, string[]>();
  const writes = redos.map((redo) => {
    const status = statuses.get(redo.questionId);
    const step = status?.inReview ? status.step : 0;
    const settings = settingsFor(stored, topics.get(redo.questionId) ?? []);
    const write = afterRedo(step, redo.marked, today, settings);
    return { questionId: redo.questionId, row: write ? { ...write, submissionId: redo.id } : null };
  });
  await writeScheduleRows(tx, studentId, writes);
}

/** `GET review/count/{name}`. */
export function countsFor(db: Db, student: UserRow, context: Context) {
  return reviewCounts(db, student.id, dayOf(context.now, context.timeZone), context.timeZone);
}

/** `GET review/schedule/{name}`: the student's settings, counts and every answered question with its place. */
export async function scheduleOf(db: DbOrTx, student: UserRow, context: Context): Promise<ReviewSchedule> {
  const today = dayOf(context.now, context.timeZone);
  const [stored, items] = [await settingsOf(db, student.id), await scheduleItems(db, student.id)];
  const counts = { due: 0, later: 0, stuck: 0, retired: 0 };
  const shown: ReviewItem[] = items.map((item) => {
    const status = reviewStatus(
      { id: item.latestId, marked: item.marked, day: latestDay(item.submitDate, context.timeZone, today) },
      item.row,
      item.pending,
    );
    const settings = settingsFor(stored, item.topics);
    const name: ReviewItem['status'] = status.inReview
      ? isDue(status, today)
        ? 'due'
        : 'later'
      : status.retired
        ? 'retired'
        : status.stuck
          ? 'stuck'
          : item.pending
            ? 'assigned'
            : 'done';
    if (name === 'due' || name === 'later' || name === 'stuck' || name === 'retired') counts[name]++;
    return {
      questionId: item.questionId,
      title: item.title,
      topics: item.topics,
      status: name,
      dueDay: status.inReview ? status.dueDay : null,
      step: status.inReview ? status.step : (item.row?.step ?? 0),
      scheduled: settings.enabled,
      ladder: [...settings.ladder],
      pinned: status.inReview && status.pinned,
    };
  });
  return {
    student: student.username,
    today,
    defaultLadder: [...DEFAULT_LADDER],
    settings: stored.map((s) => ({ topic: s.topic, enabled: s.enabled, ladder: [...s.ladder] })),
    counts,
    items: shown,
  };
}

/**
 * `POST review/pin/{name}` and `POST review/retire/{name}`: a tutor brings a question back tomorrow,
 * or retires it for good. The question must be one the student has answered and not assigned again.
 */
export async function tutorAction(
  db: Db,
  student: UserRow,
  questionId: number,
  action: 'pin' | 'retire',
  context: Context,
): Promise<ReviewSchedule> {
  const today = dayOf(context.now, context.timeZone);
  await db.transaction(async (tx) => {
    await lockStudents(tx, [student.id]);
    const item = (await scheduleItems(tx, student.id)).find((i) => i.questionId === questionId);
    if (!item) throw notFound((t) => t.apiMessages.notAnswered(student.username, questionId));
    if (item.pending)
      throw badRequest((t) => t.apiMessages.assignedAgainInReview(questionId, student.username));
    const status = reviewStatus(
      { id: item.latestId, marked: item.marked, day: latestDay(item.submitDate, context.timeZone, today) },
      item.row,
      false,
    );
    const row: ScheduleRow =
      action === 'pin'
        ? { ...pinned(status, today), submissionId: item.latestId }
        : {
            step: status.inReview ? status.step : (item.row?.step ?? 0),
            dueDay: today,
            state: 'retired',
            pinned: false,
            submissionId: item.latestId,
          };
    await writeScheduleRows(tx, student.id, [{ questionId, row }]);
  });
  return scheduleOf(db, student, context);
}

/**
 * `PUT review/settings/{name}` (and `DELETE` of a topic's): stores the setting, then drops the
 * schedules that are now off (`dropTurnedOff`).
 */
export async function changeSetting(
  db: Db,
  student: UserRow,
  change:
    | { topic: string | null; enabled: boolean; ladder?: readonly number[] | undefined }
    | { remove: string },
  context: Context,
): Promise<ReviewSchedule> {
  await db.transaction(async (tx) => {
    await lockStudents(tx, [student.id]);
    const topicName = 'remove' in change ? change.remove : change.topic;
    const topicId = topicName === null ? null : await topicIdOf(tx, topicName);
    if (topicName !== null && topicId === null) throw notFound((t) => t.apiMessages.noTopic(topicName));
    if ('remove' in change) {
      if (!(await deleteSetting(tx, student.id, topicId!)))
        throw notFound((t) => t.apiMessages.noTopicSetting(student.username, change.remove));
    } else {
      await upsertSetting(tx, student.id, topicId, change.enabled, change.ladder ?? DEFAULT_LADDER);
    }
    await dropTurnedOff(tx, student.id);
  });
  return scheduleOf(db, student, context);
}

/**
 * Turning scheduling off returns to plain review: questions already redone right
 * leave Review at once, wrong ones stay until redone (their latest answer is wrong), a tutor's pins
 * and retirements stay. So every active, unpinned row whose question is now off is deleted.
 */
async function dropTurnedOff(tx: DbOrTx, studentId: number): Promise<void> {
  const stored = await settingsOf(tx, studentId);
  const rows = await scheduledRightRows(tx, studentId);
  const off = rows.filter((r) => !settingsFor(stored, r.topics).enabled);
  await writeScheduleRows(
    tx,
    studentId,
    off.map((r) => ({ questionId: r.questionId, row: null })),
  );
}
