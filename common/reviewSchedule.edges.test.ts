import { describe, expect, it } from 'vitest';
import {
  afterRedo,
  ladderProblem,
  pinned,
  reviewStatus,
  type ScheduleRow,
  settingsFor,
} from './reviewSchedule.ts';

/** Exact answers of the scheduler's pieces, written against the survivors of the mutation run of common/. */
describe('review schedule: exact answers', () => {
  const row = (over: Partial<ScheduleRow>): ScheduleRow => ({
    step: 2,
    dueDay: '2026-03-12',
    state: 'active',
    pinned: false,
    submissionId: 5,
    ...over,
  });
  const latest = { id: 5, marked: 1, day: '2026-03-10' };

  it('reviewStatus says exactly why a question is out of Review', () => {
    const out = { inReview: false, stuck: false, retired: false };
    expect(reviewStatus(latest, row({ state: 'retired' }), false)).toEqual({ ...out, retired: true });
    expect(reviewStatus(latest, row({ state: 'graduated' }), false)).toEqual({ ...out, stuck: true });
    expect(reviewStatus(undefined, undefined, false)).toEqual(out);
    expect(reviewStatus(latest, undefined, true)).toEqual(out);
    expect(reviewStatus(latest, undefined, false)).toEqual(out);
    // A row older than the latest answer does not decide; a row without a submission neither.
    expect(reviewStatus({ ...latest, id: 6 }, row({ state: 'graduated' }), false)).toEqual(out);
    expect(reviewStatus(latest, row({ submissionId: null, state: 'graduated' }), false)).toEqual(out);
    expect(reviewStatus({ ...latest, marked: -1 }, undefined, false)).toEqual({
      inReview: true,
      dueDay: '2026-03-10',
      step: 0,
      pinned: false,
    });
    expect(reviewStatus(latest, row({ pinned: true }), false)).toEqual({
      inReview: true,
      dueDay: '2026-03-12',
      step: 2,
      pinned: true,
    });
  });

  it('settingsFor takes the first topic by name, then the student, then the default', () => {
    const own = { topic: null, enabled: true, ladder: [2] };
    const b = { topic: 'b', enabled: false, ladder: [3] };
    const a = { topic: 'a', enabled: true, ladder: [4] };
    expect(settingsFor([own, b, a], ['b', 'a'])).toEqual({ enabled: true, ladder: [4] });
    expect(settingsFor([own, a, b], ['b', 'a'])).toEqual({ enabled: true, ladder: [4] });
    expect(settingsFor([own, b], ['c'])).toEqual({ enabled: true, ladder: [2] });
    expect(settingsFor([b], ['c'])).toEqual({ enabled: false, ladder: [1, 3, 7, 14, 30] });
  });

  it('afterRedo and pinned write exact rows', () => {
    const on = { enabled: true, ladder: [1, 3] };
    expect(afterRedo(1, 1, '2026-03-10', on)).toEqual({
      step: 2,
      dueDay: '2026-03-13',
      state: 'active',
      pinned: false,
    });
    expect(afterRedo(2, 1, '2026-03-10', on)).toEqual({
      step: 2,
      dueDay: '2026-03-10',
      state: 'graduated',
      pinned: false,
    });
    expect(pinned({ inReview: true, dueDay: '2026-03-01', step: 3, pinned: false }, '2026-03-10')).toEqual({
      step: 3,
      dueDay: '2026-03-11',
      state: 'active',
      pinned: true,
    });
    expect(pinned({ inReview: false, stuck: true, retired: false }, '2026-03-10')).toMatchObject({ step: 0 });
  });

  it('ladderProblem at its bounds', () => {
    expect(ladderProblem(Array(10).fill(1))).toBeNull();
    expect(ladderProblem(Array(11).fill(1))).toBe('must have 1 to 10 steps');
    expect(ladderProblem([365])).toBeNull();
    expect(ladderProblem([366])).toBe('every step must be a whole number of days from 1 to 365');
    expect(ladderProblem([1, 1.5])).toBe('every step must be a whole number of days from 1 to 365');
    expect(ladderProblem([3, 3, 2])).toBe('each step must be at least as long as the one before');
    expect(ladderProblem([3, 3])).toBeNull();
  });
});
