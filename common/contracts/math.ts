import { isDay } from '../dates.ts';
import { mathLimits } from '../limits.ts';
import { parseMathQuestion } from '../math.ts';
import { customProblem, idField, says, text } from '../validation.ts';
import { z } from '../zod.ts';

export { mathLimits };

const questionText = z
  .string(says('mathText'))
  .max(40, says('atMostCharacters', 40))
  .superRefine((value, ctx) => {
    const parsed = parseMathQuestion(value);
    if (parsed === 'form') ctx.addIssue(customProblem((t) => t.mathForm));
    if (parsed === 'range') {
      ctx.addIssue(customProblem((t) => t.operands(mathLimits.operandMin, mathLimits.operandMax)));
    }
  });

/**
 * The answer as the original client sends it (a text, `"-1"` for a timeout) or as a number: −1 or a
 * whole number of at most four digits.
 */
const answerValue = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*-?\d{1,9}\s*$/.test(value) ? Number(value) : value),
  z
    .number(says('mathAnswer'))
    .int(says('mathAnswer'))
    .min(mathLimits.timedOut, says('mathAnswer'))
    .max(10 ** mathLimits.answerDigitsMax - 1, says('atMostDigits', mathLimits.answerDigitsMax)),
);

/**
 * `POST simple_math`: the original's `{name, question: "a + b", answer, submitDate}`, or — from our
 * page — an issued question's `questionId` (then `question` may be left out, and must match when
 * given). `submitDate` is accepted and ignored: the server's clock stamps the answer.
 */
export const MathAnswerRequest = z
  .object({
    name: text({ max: 40 }),
    questionId: idField.optional(),
    question: questionText.optional(),
    answer: answerValue,
    submitDate: z.unknown().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.questionId === undefined && value.question === undefined) {
      ctx.addIssue(customProblem((t) => t.required, ['question']));
    }
  });
export type MathAnswerRequest = z.input<typeof MathAnswerRequest>;

/** `?submitDate=YYYY-MM-DD` of the day counts; left out, the server's today (in APP_TIME_ZONE). */
export const MathDayQuery = z.object({
  submitDate: z.string(says('day')).refine(isDay, says('day')).optional(),
});

/** An issued question (`POST simple_math/next?name=`). */
export const MathIssued = z.object({
  id: z.number().int(),
  question: z.string(),
  /** Answers given today so far (the cap is 100). */
  dayCount: z.number().int(),
  /** When it was issued (ISO 8601 with the app's offset). */
  issuedAt: z.string(),
});
export type MathIssued = z.output<typeof MathIssued>;

/** One day of the drill: a student's correct and wrong answers that day. */
export const MathDayCount = z.object({
  name: z.string(),
  date: z.string(),
  correctCounts: z.number().int(),
  wrongCounts: z.number().int(),
});
export type MathDayCount = z.output<typeof MathDayCount>;

/** A count of answers (`day_count`, `count` and their `/right`, `/wrong`): the bare number, as the original. */
export const MathCount = z.number().int().min(0);
