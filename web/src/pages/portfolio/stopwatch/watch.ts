import type { StopwatchType } from '../../../../../common/portfolio/stopwatch.ts';

/**
 * The stopwatch's rules, without React: idle, running, paused; what each command
 * records. Times are hundredths of a second; `since` is when the current run segment began (ms on
 * the page's clock), so the display is right however late a tick comes (a background tab).
 */
export type WatchStatus = 'idle' | 'running' | 'paused';
export type WatchState = { status: WatchStatus; base: number; since: number; runId: number | null };
export type Command = 'start' | 'pause' | 'reset';
export const COMMANDS: readonly Command[] = ['start', 'pause', 'reset'];

export const IDLE: WatchState = { status: 'idle', base: 0, since: 0, runId: null };

export function elapsedAt(state: WatchState, nowMs: number): number {
  return state.status === 'running'
    ? state.base + Math.max(0, Math.floor((nowMs - state.since) / 10))
    : state.base;
}

/** A command is its exact word, in any case (spaces around it ignored). */
export function isCommand(text: string, command: Command): boolean {
  return text.trim().toLowerCase() === command;
}

export type Step =
  | {
      ok: true;
      next: WatchState;
      record: { type: StopwatchType; elapsedTime: number; relatedID: number | null };
    }
  | { ok: false; problem: 'alreadyRunning' | 'notRunning' | 'nothingToReset' };

/**
 * What a command does: start records `s` at 0 (a new run) or `r` with the run's id
 * (a resume); pause records `p`; reset records `d` and goes back to 0.
 */
export function step(state: WatchState, command: Command, nowMs: number): Step {
  const elapsed = elapsedAt(state, nowMs);
  if (command === 'start') {
    if (state.status === 'running') return { ok: false, problem: 'alreadyRunning' };
    const fresh = state.status === 'idle' || elapsed === 0;
    return {
      ok: true,
      next: { status: 'running', base: elapsed, since: nowMs, runId: fresh ? null : state.runId },
      record: fresh
        ? { type: 's', elapsedTime: 0, relatedID: null }
        : { type: 'r', elapsedTime: elapsed, relatedID: state.runId },
    };
  }
  if (command === 'pause') {
    if (state.status !== 'running') return { ok: false, problem: 'notRunning' };
    return {
      ok: true,
      next: { status: 'paused', base: elapsed, since: nowMs, runId: state.runId },
      record: { type: 'p', elapsedTime: elapsed, relatedID: state.runId },
    };
  }
  if (state.status === 'idle') return { ok: false, problem: 'nothingToReset' };
  return { ok: true, next: IDLE, record: { type: 'd', elapsedTime: elapsed, relatedID: state.runId } };
}
