import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  afterRedo,
  DEFAULT_LADDER,
  isDue,
  type LatestAnswer,
  ladderProblem,
  pinned,
  type ReviewSettings,
  reviewStatus,
  type ScheduleRow,
  settingsFor,
} from './reviewSchedule.ts';
import { addDays } from './week.ts';

/**
 * The scheduler's property test: random sequences of what can happen to one student's
 * questions — days passing, redos right and wrong (of due questions only, as the server allows), a
 * first answer after the question was assigned again, a tutor's pin and retirement — replayed through
 * the pure functions the server uses, against what the ladder promises.
 */

type Op =
  | { kind: 'days'; days: number }
  | { kind: 'redo'; q: number; right: boolean }
  | { kind: 'answer'; q: number; right: boolean }
  | { kind: 'pin'; q: number }
  | { kind: 'retire'; q: number };

const QUESTIONS = 4;
const q = fc.integer({ min: 0, max: QUESTIONS - 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('days' as const), days: fc.integer({ min: 1, max: 40 }) }),
  },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('redo' as const), q, right: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('answer' as const), q, right: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('pin' as const), q }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('retire' as const), q }) },
);
const ladder = fc
  .array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 6 })
  .map((rungs) => rungs.sort((a, b) => a - b));

type Question = {
  latest: LatestAnswer;
  row: ScheduleRow | undefined;
  /** Gaps set by right redos since the last wrong answer, pin or retirement. */
  gaps: number[];
  retiredSince: boolean;
};

function replay(ops: Op[], settings: ReviewSettings, check: (today: string, qs: Question[]) => void) {
  let today = '2026-03-10';
  let nextId = 1;
  // Every question starts answered wrong today.
  const qs: Question[] = Array.from({ length: QUESTIONS }, () => ({
    latest: { id: nextId++, marked: -1, day: today },
    row: undefined,
    gaps: [],
    retiredSince: false,
  }));
  for (const o of ops) {
    if (o.kind === 'days') {
      // Walk day by day: a scheduled question must not be due before its gap has passed, and must be due on the day.
      for (let i = 0; i < o.days; i++) {
        today = addDays(today, 1);
        check(today, qs);
      }
      continue;
    }
    const question = qs[o.q]!;
    const status = reviewStatus(question.latest, question.row, false);
    if (o.kind === 'redo') {
      if (!isDue(status, today) || !status.inReview) continue; // the server refuses it
      const id = nextId++;
      const write = afterRedo(status.step, o.right ? 1 : -1, today, settings);
      question.latest = { id, marked: o.right ? 1 : -1, day: today };
      question.row = write ? { ...write, submissionId: id } : undefined;
      if (!o.right) question.gaps = [];
      else if (write?.state === 'active') {
        const gap = (Date.parse(write.dueDay) - Date.parse(today)) / 86_400_000;
        // Intervals never shrink on a right redo.
        expect(gap).toBeGreaterThanOrEqual(question.gaps.at(-1) ?? 0);
        expect(gap).toBe(settings.ladder[status.step]);
        question.gaps.push(gap);
      } else if (write?.state === 'graduated') {
        // It sticks only after a right redo at the end of the whole ladder.
        expect(status.step).toBe(settings.ladder.length);
        expect(question.gaps).toEqual(settings.ladder);
      }
    } else if (o.kind === 'answer') {
      // Assigned again and answered: a new latest answer, the row (if any) is older than it.
      question.latest = { id: nextId++, marked: o.right ? 1 : -1, day: today };
      question.gaps = [];
    } else if (o.kind === 'pin') {
      question.row = { ...pinned(status, today), submissionId: question.latest.id };
      question.retiredSince = false;
      // A pin keeps the step a question in review had (its climb goes on); any other starts again.
      if (!status.inReview) question.gaps = [];
    } else {
      question.row = {
        step: 0,
        dueDay: today,
        state: 'retired',
        pinned: false,
        submissionId: question.latest.id,
      };
      question.retiredSince = true;
      question.gaps = [];
    }
    check(today, qs);
  }
}

describe('the review scheduler (property test)', () => {
  it('keeps the ladder: gaps never shrink, due lists match the schedule, retired questions never return', () => {
    fc.assert(
      fc.property(
        fc.array(op, { minLength: 5, maxLength: 80 }),
        ladder,
        fc.boolean(),
        (ops, rungs, enabled) => {
          const settings = { enabled, ladder: rungs };
          replay(ops, settings, (today, qs) => {
            for (const question of qs) {
              const status = reviewStatus(question.latest, question.row, false);
              // A retired question never returns, whatever is answered, until a tutor pins it.
              if (question.retiredSince) expect(status.inReview).toBe(false);
              // The due list is exactly the schedule: a wrong latest answer (without a newer row) is
              // due; a stored active row is due from its day on; nothing else is.
              const row = question.row;
              const current = row && row.submissionId !== null && row.submissionId >= question.latest.id;
              const expected = question.retiredSince
                ? false
                : current
                  ? row.state === 'active' && row.dueDay <= today
                  : question.latest.marked === -1;
              expect(isDue(status, today)).toBe(expected);
              // Without scheduling, a question redone right leaves Review (unless a tutor pinned it since).
              if (!enabled && question.latest.marked === 1 && !(current && row.pinned))
                expect(status.inReview).toBe(false);
            }
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('walks the default ladder: due again after 1, 3, 7, 14 and 30 days, then stuck', () => {
    const settings = { enabled: true, ladder: DEFAULT_LADDER };
    let today = '2026-03-10';
    let latest: LatestAnswer = { id: 1, marked: -1, day: today };
    let row: ScheduleRow | undefined;
    const gaps: number[] = [];
    for (let id = 2; ; id++) {
      const status = reviewStatus(latest, row, false);
      expect(isDue(status, today)).toBe(true);
      if (!status.inReview) throw new Error('not in review');
      const write = afterRedo(status.step, 1, today, settings)!;
      latest = { id, marked: 1, day: today };
      row = { ...write, submissionId: id };
      if (write.state === 'graduated') break;
      const gap = (Date.parse(write.dueDay) - Date.parse(today)) / 86_400_000;
      gaps.push(gap);
      expect(isDue(reviewStatus(latest, row, false), addDays(write.dueDay, -1))).toBe(false);
      today = write.dueDay;
    }
    expect(gaps).toEqual([1, 3, 7, 14, 30]);
    expect(reviewStatus(latest, row, false)).toEqual({ inReview: false, stuck: true, retired: false });
  });

  it('a wrong redo pulls a question in to today at step 0', () => {
    expect(afterRedo(3, -1, '2026-03-10', { enabled: true, ladder: DEFAULT_LADDER })).toEqual({
      step: 0,
      dueDay: '2026-03-10',
      state: 'active',
      pinned: false,
    });
  });

  it('off and unmarked redos store no row (Review follows the latest mark)', () => {
    expect(afterRedo(0, 1, '2026-03-10', { enabled: false, ladder: DEFAULT_LADDER })).toBeNull();
    expect(afterRedo(0, 0, '2026-03-10', { enabled: true, ladder: DEFAULT_LADDER })).toBeNull();
  });

  it('a pending question is never in Review', () => {
    expect(reviewStatus({ id: 1, marked: -1, day: '2026-03-10' }, undefined, true).inReview).toBe(false);
  });

  it('settings: a topic setting wins over the student’s, the first topic by name among several', () => {
    const stored = [
      { topic: null, enabled: true, ladder: [2] },
      { topic: 'loops', enabled: false, ladder: [5] },
      { topic: 'arrays', enabled: true, ladder: [9] },
    ];
    expect(settingsFor(stored, ['loops', 'arrays'])).toEqual({ enabled: true, ladder: [9] });
    expect(settingsFor(stored, ['loops'])).toEqual({ enabled: false, ladder: [5] });
    expect(settingsFor(stored, ['java'])).toEqual({ enabled: true, ladder: [2] });
    expect(settingsFor([], ['java'])).toEqual({ enabled: false, ladder: DEFAULT_LADDER });
  });

  it('ladders: 1–10 steps of 1–365 days, never shorter than the one before', () => {
    expect(ladderProblem([1, 3, 7, 14, 30])).toBeNull();
    expect(ladderProblem([1, 1])).toBeNull();
    expect(ladderProblem([])).toMatch(/1 to 10 steps/);
    expect(ladderProblem([3, 1])).toMatch(/at least as long/);
    expect(ladderProblem([0])).toMatch(/1 to 365/);
    expect(ladderProblem([1.5])).toMatch(/whole number/);
    expect(ladderProblem(Array(11).fill(1))).toMatch(/1 to 10 steps/);
  });
});
