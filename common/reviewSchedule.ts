/**
 * Spaced review (docs/product.md, "Review schedule"): the scheduler, as pure functions shared by the
 * server (which decides and stores) and the pages (which explain). No clock and no database here:
 * days are `YYYY-MM-DD` in APP_TIME_ZONE, computed by the caller from its injected clock.
 *
 * The schedule is a documented fixed ladder (default 1, 3, 7, 14, 30 days; a tutor may set another),
 * chosen over FSRS because every outcome can be told in one sentence to a student or a parent and
 * checked by a property test. Per (student, question) the state is a `step`: how many right redos in
 * a row since the last wrong answer.
 *
 * - A wrong answer (first answer or redo) puts the question in Review, due today, at step 0.
 * - A right redo at step s (s < ladder length) moves it to step s + 1, due `ladder[s]` days after the
 *   redo's day: the next showing is pushed out, and each push is at least as long as the one before.
 * - A right redo at the top step (s = ladder length, i.e. right after the last and longest gap) means
 *   the question **stuck**: it graduates and leaves Review.
 * - A wrong redo pulls it in: back to step 0, due today (as without scheduling).
 * - A redo waiting for a teacher's mark (a short answer) behaves as without scheduling: it leaves
 *   Review until marked; marked wrong it is back, due that day.
 * - Scheduling off (the default): a question is in Review while its latest answer is wrong, until
 *   redone right once. Turning it off for a student or topic drops the schedules of questions
 *   already redone right (they leave Review at once); wrong ones stay until redone; a tutor's pin
 *   stays. Turning it on schedules from the next redo on.
 * - A tutor may pin a question to come back tomorrow (also one that stuck or was retired, or was
 *   never wrong), or retire it: a retired question never comes back to Review, whatever is answered,
 *   until a tutor pins it again.
 */

import { addDays } from './week.ts';

export const DEFAULT_LADDER: readonly number[] = [1, 3, 7, 14, 30];

export const ladderLimits = { minRungs: 1, maxRungs: 10, minDays: 1, maxDays: 365 } as const;

/** A stored schedule row's state. */
export type ScheduleState = 'active' | 'graduated' | 'retired';

/**
 * A stored schedule row of one (student, question). `submissionId` is the latest submission when the
 * row was written: a row older than the latest answer (a first answer after the question was assigned
 * again) no longer decides anything, except that a retirement always holds.
 */
export type ScheduleRow = {
  step: number;
  dueDay: string;
  state: ScheduleState;
  pinned: boolean;
  submissionId: number | null;
};

/** The latest answer of one (student, question): its id, mark and the day it was sent. */
export type LatestAnswer = { id: number; marked: number; day: string };

export type ReviewStatus =
  | { inReview: false; stuck: boolean; retired: boolean }
  | { inReview: true; dueDay: string; step: number; pinned: boolean };

/** Whether a row was written for the latest answer (or later), so that it decides. */
export function isCurrent(row: ScheduleRow | undefined, latest: LatestAnswer): row is ScheduleRow {
  return !!row && row.submissionId !== null && row.submissionId >= latest.id;
}

/**
 * Whether a question is in a student's Review and from which day. The SQL of the review list,
 * its counts and the tutor's schedule (server/review/queries.ts `reviewItems`) says the same; the
 * API tests compare them.
 */
export function reviewStatus(
  latest: LatestAnswer | undefined,
  row: ScheduleRow | undefined,
  pending: boolean,
): ReviewStatus {
  const out = (stuck = false, retired = false): ReviewStatus => ({ inReview: false, stuck, retired });
  if (row?.state === 'retired') return out(false, true);
  if (!latest || pending) return out();
  if (isCurrent(row, latest)) {
    if (row.state === 'active')
      return { inReview: true, dueDay: row.dueDay, step: row.step, pinned: row.pinned };
    return out(row.state === 'graduated');
  }
  if (latest.marked === -1) return { inReview: true, dueDay: latest.day, step: 0, pinned: false };
  return out();
}

export function isDue(status: ReviewStatus, today: string): boolean {
  return status.inReview && status.dueDay <= today;
}

/** The settings that apply to one question of one student. */
export type ReviewSettings = { enabled: boolean; ladder: readonly number[] };

export const DEFAULT_SETTINGS: ReviewSettings = { enabled: false, ladder: DEFAULT_LADDER };

/** A stored setting: the student's own (`topic` null) or for one topic of that student. */
export type StoredSetting = { topic: string | null; enabled: boolean; ladder: readonly number[] };

/**
 * The settings of a question: a setting for one of its topics wins over the student's own (the
 * first such topic by name when several are set), which wins over the default (off, default ladder).
 */
export function settingsFor(
  stored: readonly StoredSetting[],
  questionTopics: readonly string[],
): ReviewSettings {
  const topics = new Set(questionTopics);
  const forTopic = stored
    .filter((s) => s.topic !== null && topics.has(s.topic))
    .sort((a, b) => (a.topic! < b.topic! ? -1 : a.topic! > b.topic! ? 1 : 0))[0];
  const chosen = forTopic ?? stored.find((s) => s.topic === null);
  return chosen ? { enabled: chosen.enabled, ladder: chosen.ladder } : DEFAULT_SETTINGS;
}

/** What a redo leaves: a row to store (without its submission id) or null (no row: Review follows the latest mark). */
export type RowWrite = Omit<ScheduleRow, 'submissionId'> | null;

/**
 * The row after a redo marked `marked` on `today`, from the status the question was in (it was in
 * Review and due: the caller checked).
 */
export function afterRedo(step: number, marked: number, today: string, settings: ReviewSettings): RowWrite {
  if (!settings.enabled || marked === 0) return null;
  if (marked === -1) return { step: 0, dueDay: today, state: 'active', pinned: false };
  const ladder = settings.ladder;
  if (step >= ladder.length) return { step, dueDay: today, state: 'graduated', pinned: false };
  return { step: step + 1, dueDay: addDays(today, ladder[step]!), state: 'active', pinned: false };
}

/** The gap (days) a right redo at `step` sets, or null when it makes the question stick. */
export function gapAfterRightRedo(step: number, ladder: readonly number[]): number | null {
  return step < ladder.length ? ladder[step]! : null;
}

/** A tutor's pin: back in Review tomorrow at the step it had (0 if none), whatever it was. */
export function pinned(status: ReviewStatus, today: string): Omit<ScheduleRow, 'submissionId'> {
  return {
    step: status.inReview ? status.step : 0,
    dueDay: addDays(today, 1),
    state: 'active',
    pinned: true,
  };
}

/** The rule a ladder breaks, named as its text in common/validationTexts.ts (null when none). */
export type LadderFault = 'steps' | 'stepDays' | 'ladderOrder';

/** Which rule a ladder breaks first (null when it can be used): 1–10 rungs of 1–365 days, never shorter than the one before. */
export function ladderFault(ladder: readonly number[]): LadderFault | null {
  const { minRungs, maxRungs, minDays, maxDays } = ladderLimits;
  if (ladder.length < minRungs || ladder.length > maxRungs) return 'steps';
  if (ladder.some((d) => !Number.isInteger(d) || d < minDays || d > maxDays)) return 'stepDays';
  if (ladder.some((d, i) => i > 0 && d < ladder[i - 1]!)) return 'ladderOrder';
  return null;
}

/** Why a ladder cannot be used (null when it can), in English. */
export function ladderProblem(ladder: readonly number[]): string | null {
  const { minRungs, maxRungs, minDays, maxDays } = ladderLimits;
  const fault = ladderFault(ladder);
  if (fault === 'steps') return `must have ${minRungs} to ${maxRungs} steps`;
  if (fault === 'stepDays') return `every step must be a whole number of days from ${minDays} to ${maxDays}`;
  if (fault === 'ladderOrder') return 'each step must be at least as long as the one before';
  return null;
}
