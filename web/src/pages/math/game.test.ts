import { describe, expect, it } from 'vitest';
import { mathReward, nextTimerMs } from '../../../../common/math.ts';
import { ApiError } from '../../api/client.ts';
import { type Action, type Game, gameReducer, remainingMs, startGame, withRetries } from './game.ts';

const play = (game: Game, ...actions: Action[]) => actions.reduce(gameReducer, game);
const issued = (id: number, question = '120 + 340', dayCount = 0): Action => ({
  type: 'issued',
  issued: { id, question, dayCount, issuedAt: '2026-03-10T10:00:00+09:00' },
  at: 1_000,
});

describe('the drill game', () => {
  it('counts down 3, 2, 1, then asks for a question', () => {
    let game = play(startGame(null), { type: 'loaded', dayCount: 4 });
    expect(game.phase).toEqual({ name: 'countdown', count: 3 });
    game = play(game, { type: 'tick' });
    expect(game.phase).toEqual({ name: 'countdown', count: 2 });
    game = play(game, { type: 'tick' }, { type: 'tick' });
    expect(game.phase).toEqual({ name: 'asking' });
  });

  it("skips the countdown and says 'Done' when the day already holds 100", () => {
    expect(play(startGame(null), { type: 'loaded', dayCount: 100 }).phase).toEqual({ name: 'done' });
    expect(play(startGame(null), { type: 'loaded', dayCount: 130 }).phase).toEqual({ name: 'done' });
  });

  it('marks a correct answer, shortens the timer by 0.1 s and keeps the answer until it is sent', () => {
    const ready = play(
      startGame(null),
      { type: 'loaded', dayCount: 0 },
      { type: 'tick' },
      { type: 'tick' },
      { type: 'tick' },
    );
    let game = play(ready, issued(7));
    expect(game.phase.name).toBe('question');
    game = play(game, { type: 'answered', answer: 460 });
    expect(game).toMatchObject({ correct: 1, wrong: 0, limitMs: 9_900, phase: { name: 'sending' } });
    expect(game.pending).toEqual({ questionId: 7, question: '120 + 340', answer: 460 });
    expect(game.feedback).toEqual({ outcome: 'correct', question: '120 + 340', sum: 460 });
    game = play(game, { type: 'sent' });
    expect(game).toMatchObject({ pending: null, dayCount: 1, phase: { name: 'asking' } });
  });

  it('records a timeout as −1, counts it wrong and lengthens the timer by 0.02 s', () => {
    const asking = play(
      startGame(null),
      { type: 'loaded', dayCount: 0 },
      { type: 'tick' },
      { type: 'tick' },
      { type: 'tick' },
    );
    const game = play(asking, issued(8), { type: 'answered', answer: -1 });
    expect(game).toMatchObject({ correct: 0, wrong: 1, limitMs: 10_020 });
    expect(game.pending?.answer).toBe(-1);
    expect(game.feedback?.outcome).toBe('timeout');
  });

  it('counts a wrong answer typed in time as wrong, without changing the timer', () => {
    const asking = play(
      startGame(null),
      { type: 'loaded', dayCount: 0 },
      { type: 'tick' },
      { type: 'tick' },
      { type: 'tick' },
    );
    const game = play(asking, issued(9), { type: 'answered', answer: 461 });
    expect(game).toMatchObject({ correct: 0, wrong: 1, limitMs: 10_000 });
  });

  it("says 'Done' once the 100th answer of the day is sent", () => {
    const asking = play(
      startGame(null),
      { type: 'loaded', dayCount: 99 },
      { type: 'tick' },
      { type: 'tick' },
      { type: 'tick' },
    );
    const game = play(
      asking,
      issued(10, '120 + 340', 99),
      { type: 'answered', answer: 460 },
      { type: 'sent' },
    );
    expect(game.phase).toEqual({ name: 'done' });
  });

  it('keeps an unsent answer through a failure and a reload, sends it first, then reads the count again', () => {
    const asking = play(
      startGame(null),
      { type: 'loaded', dayCount: 0 },
      { type: 'tick' },
      { type: 'tick' },
      { type: 'tick' },
    );
    const stuck = play(
      asking,
      issued(11),
      { type: 'answered', answer: 460 },
      { type: 'failed', step: 'send' },
    );
    expect(stuck.phase).toEqual({ name: 'stuck', step: 'send' });
    expect(stuck.pending?.questionId).toBe(11);
    expect(play(stuck, { type: 'retry' }).phase).toEqual({ name: 'sending' });

    // The reload: the saved part of the game comes back from the history entry.
    const reloaded = startGame({
      correct: stuck.correct,
      wrong: stuck.wrong,
      limitMs: stuck.limitMs,
      pending: stuck.pending,
    });
    let game = play(reloaded, { type: 'loaded', dayCount: 0 });
    expect(game.phase).toEqual({ name: 'sending' });
    game = play(game, { type: 'sent' });
    expect(game).toMatchObject({ pending: null, correct: 1, limitMs: 9_900, phase: { name: 'loading' } });
    expect(play(game, { type: 'loaded', dayCount: 1 }).phase).toEqual({ name: 'countdown', count: 3 });
  });

  it('ignores a second answer to the same question (a tick racing the Enter key)', () => {
    const asking = play(
      startGame(null),
      { type: 'loaded', dayCount: 0 },
      { type: 'tick' },
      { type: 'tick' },
      { type: 'tick' },
    );
    const game = play(
      asking,
      issued(12),
      { type: 'answered', answer: 460 },
      { type: 'answered', answer: -1 },
    );
    expect(game).toMatchObject({ correct: 1, wrong: 0 });
  });

  it('runs the timer from the moment the question arrived', () => {
    const asking = play(
      startGame(null),
      { type: 'loaded', dayCount: 0 },
      { type: 'tick' },
      { type: 'tick' },
      { type: 'tick' },
    );
    const game = play(asking, issued(13));
    expect(remainingMs(game, 1_000)).toBe(10_000);
    expect(remainingMs(game, 4_500)).toBe(6_500);
    expect(remainingMs(game, 20_000)).toBe(0);
  });

  it('rewards 10 × (correct − wrong) and keeps the timer at 1 s or more', () => {
    expect(mathReward(7, 2)).toBe(50);
    expect(mathReward(1, 3)).toBe(-20);
    expect(nextTimerMs(1_050, 'correct')).toBe(1_000);
  });
});

describe('retries', () => {
  it('tries again after a connection failure, and gives up after the last delay', async () => {
    let calls = 0;
    const waits: number[] = [];
    const wait = async (ms: number) => {
      waits.push(ms);
    };
    const value = await withRetries(async () => {
      calls++;
      if (calls < 3) throw new ApiError(0, 'The server could not be reached.', null);
      return 42;
    }, wait);
    expect(value).toBe(42);
    expect(waits).toEqual([500, 1000]);

    calls = 0;
    await expect(
      withRetries(async () => {
        calls++;
        throw new ApiError(503, 'busy', null);
      }, wait),
    ).rejects.toThrow('busy');
    expect(calls).toBe(4);
  });

  it('does not retry a refusal', async () => {
    let calls = 0;
    await expect(
      withRetries(async () => {
        calls++;
        throw new ApiError(409, 'full', null);
      }),
    ).rejects.toThrow('full');
    expect(calls).toBe(1);
  });
});
