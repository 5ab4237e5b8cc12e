import type { MathIssued } from '../../../../common/contracts/math.ts';
import { mathLimits } from '../../../../common/limits.ts';
import { isCorrectSum, type MathQuestion, nextTimerMs, parseMathQuestion } from '../../../../common/math.ts';
import { isApiError } from '../../api/client.ts';

/**
 * The drill's game as a pure state machine: loading the day's count, the 3-2-1
 * countdown, a question against the timer, the answer on its way to the server, 'Done' at 100, and
 * 'stuck' when the server cannot be reached after retries (the answer is kept, never dropped). The
 * page runs the effects (web/src/pages/math/MathGamePage.tsx); this file decides.
 */

export type Question = MathIssued & MathQuestion;
/** An answer given but not yet confirmed by the server. */
export type PendingAnswer = { questionId: number; question: string; answer: number };
export type Outcome = 'correct' | 'wrong' | 'timeout';

export type Phase =
  | { name: 'loading' }
  | { name: 'countdown'; count: number }
  | { name: 'asking' }
  | { name: 'question'; question: Question; startedAt: number }
  | { name: 'sending' }
  | { name: 'done' }
  | { name: 'stuck'; step: 'load' | 'ask' | 'send' };

/** What survives a reload (kept in the history entry): this game's tallies, timer and unsent answer. */
export type Saved = { correct: number; wrong: number; limitMs: number; pending: PendingAnswer | null };

export type Game = Saved & {
  phase: Phase;
  /** Answers the server holds for today (the cap is 100). */
  dayCount: number;
  feedback: { outcome: Outcome; question: string; sum: number } | null;
  /** An answer left unsent by a reload is being sent first; the day's count is read again after it. */
  resuming: boolean;
};

export type Action =
  | { type: 'loaded'; dayCount: number }
  | { type: 'tick' }
  | { type: 'issued'; issued: MathIssued; at: number }
  | { type: 'answered'; answer: number }
  | { type: 'sent' }
  | { type: 'capReached' }
  | { type: 'failed'; step: 'load' | 'ask' | 'send' }
  | { type: 'retry' };

export function startGame(saved: Saved | null): Game {
  return {
    correct: saved?.correct ?? 0,
    wrong: saved?.wrong ?? 0,
    limitMs: saved?.limitMs ?? mathLimits.timerStartMs,
    pending: saved?.pending ?? null,
    phase: { name: 'loading' },
    dayCount: 0,
    feedback: null,
    resuming: false,
  };
}

const isDone = (dayCount: number) => dayCount >= mathLimits.dailyCap;

export function gameReducer(game: Game, action: Action): Game {
  const { phase } = game;
  switch (action.type) {
    case 'loaded': {
      if (phase.name !== 'loading') return game;
      // An answer left unsent before a reload goes first; it may be the one that reaches 100.
      if (game.pending) {
        return { ...game, dayCount: action.dayCount, resuming: true, phase: { name: 'sending' } };
      }
      if (isDone(action.dayCount)) return { ...game, dayCount: action.dayCount, phase: { name: 'done' } };
      return {
        ...game,
        dayCount: action.dayCount,
        phase: { name: 'countdown', count: mathLimits.countdownSeconds },
      };
    }
    case 'tick': {
      if (phase.name !== 'countdown') return game;
      return {
        ...game,
        phase: phase.count > 1 ? { name: 'countdown', count: phase.count - 1 } : { name: 'asking' },
      };
    }
    case 'issued': {
      if (phase.name !== 'asking') return game;
      const operands = parseMathQuestion(action.issued.question);
      if (typeof operands === 'string') return { ...game, phase: { name: 'stuck', step: 'ask' } };
      return {
        ...game,
        dayCount: action.issued.dayCount,
        phase: { name: 'question', question: { ...action.issued, ...operands }, startedAt: action.at },
      };
    }
    case 'answered': {
      if (phase.name !== 'question') return game;
      const { question } = phase;
      const outcome: Outcome =
        action.answer === mathLimits.timedOut
          ? 'timeout'
          : isCorrectSum(question, action.answer)
            ? 'correct'
            : 'wrong';
      return {
        ...game,
        correct: game.correct + (outcome === 'correct' ? 1 : 0),
        wrong: game.wrong + (outcome === 'correct' ? 0 : 1),
        limitMs: nextTimerMs(game.limitMs, outcome),
        pending: { questionId: question.id, question: question.question, answer: action.answer },
        feedback: { outcome, question: question.question, sum: question.a + question.b },
        phase: { name: 'sending' },
      };
    }
    case 'sent': {
      if (phase.name !== 'sending') return game;
      const dayCount = game.dayCount + 1;
      // After a reload the day's count is read again (the answer may have been stored before the
      // reload cut its response off), then the countdown runs.
      const next: Phase = game.resuming
        ? { name: 'loading' }
        : isDone(dayCount)
          ? { name: 'done' }
          : { name: 'asking' };
      return { ...game, pending: null, dayCount, resuming: false, phase: next };
    }
    case 'capReached':
      return {
        ...game,
        pending: null,
        dayCount: Math.max(game.dayCount, mathLimits.dailyCap),
        phase: { name: 'done' },
      };
    case 'failed':
      return { ...game, phase: { name: 'stuck', step: action.step } };
    case 'retry': {
      if (phase.name !== 'stuck') return game;
      const next: Phase =
        phase.step === 'load'
          ? { name: 'loading' }
          : phase.step === 'ask'
            ? { name: 'asking' }
            : { name: 'sending' };
      return { ...game, phase: next };
    }
  }
}

/** Time left on the question at `now`, in ms (never below 0). */
export function remainingMs(game: Game, now: number): number {
  if (game.phase.name !== 'question') return game.limitMs;
  return Math.max(0, game.limitMs - (now - game.phase.startedAt));
}

/** Failures worth trying again: no answer from the server (0), or the server failing (5xx). */
export function isTransient(error: unknown): boolean {
  return isApiError(error) && (error.status === 0 || error.status >= 500);
}

/** Waits between tries of a call that failed transiently; after the last, the page says so. */
export const RETRY_DELAYS_MS = [500, 1000, 2000] as const;

/** Runs `call`, trying again after each delay while it fails transiently. */
export async function withRetries<T>(
  call: () => Promise<T>,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  for (const delay of RETRY_DELAYS_MS) {
    try {
      return await call();
    } catch (error) {
      if (!isTransient(error)) throw error;
      await wait(delay);
    }
  }
  return call();
}
