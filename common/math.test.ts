import { describe, expect, it } from 'vitest';
import { mathLimits } from './limits.ts';
import {
  formatMathQuestion,
  isCorrectSum,
  mathReward,
  nextTimerMs,
  parseMathQuestion,
  randomOperand,
} from './math.ts';

describe('the addition game rules', () => {
  it('writes and reads a question, operands 99 to 998', () => {
    expect(formatMathQuestion({ a: 120, b: 998 })).toBe('120 + 998');
    expect(parseMathQuestion(' 99 +998 ')).toEqual({ a: 99, b: 998 });
    expect(parseMathQuestion('98 + 500')).toBe('range');
    expect(parseMathQuestion('500 + 999')).toBe('range');
    expect(parseMathQuestion('500 - 100')).toBe('form');
    expect(parseMathQuestion('1234567 + 100')).toBe('form');
    expect(parseMathQuestion('x100 + 100')).toBe('form');
    expect(parseMathQuestion('100 + 100x')).toBe('form');
    expect(mathLimits.operandMin).toBe(99);
    expect(mathLimits.operandMax).toBe(998);
  });

  it('marks a sum, never a timed-out answer', () => {
    expect(isCorrectSum({ a: 100, b: 200 }, 300)).toBe(true);
    expect(isCorrectSum({ a: 100, b: 200 }, 301)).toBe(false);
    expect(isCorrectSum({ a: 100, b: 200 }, -100)).toBe(false);
    // A question whose sum is the timed-out marker cannot exist, but the marker is never correct.
    expect(isCorrectSum({ a: 0, b: -1 }, mathLimits.timedOut)).toBe(false);
  });

  it('draws operands over the whole range', () => {
    expect(randomOperand(() => 0)).toBe(99);
    expect(randomOperand(() => 0.999999)).toBe(998);
    expect(randomOperand(() => 0.5)).toBe(99 + Math.floor(0.5 * 900));
  });

  it('speeds the timer up on a right answer (to 1 s at least), slows it on a time-out', () => {
    expect(nextTimerMs(10_000, 'correct')).toBe(9_900);
    expect(nextTimerMs(1_050, 'correct')).toBe(1_000);
    expect(nextTimerMs(10_000, 'timeout')).toBe(10_020);
    expect(nextTimerMs(10_000, 'wrong')).toBe(10_000);
  });

  it('rewards 10 a point of correct minus wrong', () => {
    expect(mathReward(7, 2)).toBe(50);
    expect(mathReward(1, 3)).toBe(-20);
  });
});
