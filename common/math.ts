import { mathLimits } from './limits.ts';

/**
 * The rules of the timed addition drill (docs/product.md, "The addition drill"), one definition for
 * the server (which marks and counts) and the game page (which shows the timer and the reward). No
 * zod here: the page loads this module.
 */

export type MathQuestion = { a: number; b: number };

/** `a + b` with single spaces, as the original client sent it. */
export function formatMathQuestion({ a, b }: MathQuestion): string {
  return `${a} + ${b}`;
}

const QUESTION_FORM = /^\s*(\d{1,6})\s*\+\s*(\d{1,6})\s*$/;

export type QuestionProblem = 'form' | 'range';

/**
 * Reads `a + b`. 'form' when the text is not two whole numbers joined by '+', 'range' when an
 * operand lies outside 99–998.
 */
export function parseMathQuestion(text: string): MathQuestion | QuestionProblem {
  const match = QUESTION_FORM.exec(text);
  if (!match) return 'form';
  const a = Number(match[1]);
  const b = Number(match[2]);
  const inRange = (n: number) => n >= mathLimits.operandMin && n <= mathLimits.operandMax;
  return inRange(a) && inRange(b) ? { a, b } : 'range';
}

/** Correct when the answer equals the sum; a timeout (−1) is wrong. */
export function isCorrectSum(question: MathQuestion, answer: number): boolean {
  return answer !== mathLimits.timedOut && answer === question.a + question.b;
}

/** A uniformly random operand in 99–998 (the server issues questions with it). */
export function randomOperand(random: () => number): number {
  const span = mathLimits.operandMax - mathLimits.operandMin + 1;
  return mathLimits.operandMin + Math.floor(random() * span);
}

/**
 * The next question's time: 0.1 s less after a correct answer, 0.02 s more after a timeout, the same
 * after a wrong answer typed in time (the product names no change for it). Never below 1 s, so the
 * drill stays answerable after a long run of correct answers.
 */
export function nextTimerMs(current: number, outcome: 'correct' | 'wrong' | 'timeout'): number {
  if (outcome === 'correct') return Math.max(1000, current - mathLimits.correctStepMs);
  if (outcome === 'timeout') return current + mathLimits.timeoutStepMs;
  return current;
}

/** The pretend reward, 10 × (correct − wrong). */
export function mathReward(correct: number, wrong: number): number {
  return mathLimits.rewardPerPoint * (correct - wrong);
}
