import { describe, expect, it } from 'vitest';
import { elapsedAt, IDLE, isCommand, step, type WatchState } from './watch.ts';

const run = (state: WatchState, command: 'start' | 'pause' | 'reset', at: number) => {
  const result = step(state, command, at);
  if (!result.ok) throw new Error(result.problem);
  return result;
};

describe('the stopwatch', () => {
  it('reads its commands as exact words in any case', () => {
    expect(isCommand('start', 'start')).toBe(true);
    expect(isCommand('  START ', 'start')).toBe(true);
    expect(isCommand('StArT', 'start')).toBe(true);
    expect(isCommand('starts', 'start')).toBe(false);
    expect(isCommand('pause', 'start')).toBe(false);
    expect(isCommand('', 'reset')).toBe(false);
  });

  it('records s, p, r, p, d over a run, elapsed in hundredths, relatedID the run', () => {
    const started = run(IDLE, 'start', 1000);
    expect(started.record).toEqual({ type: 's', elapsedTime: 0, relatedID: null });
    const withRun = { ...started.next, runId: 42 };
    expect(elapsedAt(withRun, 3_345)).toBe(234);
    const paused = run(withRun, 'pause', 3_345);
    expect(paused.record).toEqual({ type: 'p', elapsedTime: 234, relatedID: 42 });
    // Time does not move while paused.
    expect(elapsedAt(paused.next, 99_000)).toBe(234);
    const resumed = run(paused.next, 'start', 10_000);
    expect(resumed.record).toEqual({ type: 'r', elapsedTime: 234, relatedID: 42 });
    const again = run(resumed.next, 'pause', 11_000);
    expect(again.record).toEqual({ type: 'p', elapsedTime: 334, relatedID: 42 });
    const reset = run(again.next, 'reset', 20_000);
    expect(reset.record).toEqual({ type: 'd', elapsedTime: 334, relatedID: 42 });
    expect(reset.next).toEqual(IDLE);
  });

  it('refuses what does not apply: start while running, pause unless running, reset at rest', () => {
    const running = run(IDLE, 'start', 0).next;
    expect(step(running, 'start', 10)).toEqual({ ok: false, problem: 'alreadyRunning' });
    expect(step(IDLE, 'pause', 10)).toEqual({ ok: false, problem: 'notRunning' });
    expect(step(IDLE, 'reset', 10)).toEqual({ ok: false, problem: 'nothingToReset' });
    // A running stopwatch may be reset directly.
    expect(run({ ...running, runId: 7 }, 'reset', 1_500).record).toEqual({
      type: 'd',
      elapsedTime: 150,
      relatedID: 7,
    });
  });
});
