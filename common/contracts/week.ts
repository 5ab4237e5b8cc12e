import { isDay } from '../dates.ts';
import { says } from '../validation.ts';
import { z } from '../zod.ts';
import { QuestionPicture } from './responses.ts';

/** `GET week/{name}?start=YYYY-MM-DD`: any day of the week asked for (left out: this week). */
export const WeekQuery = z.object({
  start: z
    .string(says('day'))
    .refine(isDay, says('day'))
    .optional()
    .describe('Any day of the week (Monday to Sunday in APP_TIME_ZONE); left out, this week'),
});

const dateTime = z.string().describe('ISO 8601 with the offset of APP_TIME_ZONE');
const day = z.string().describe('YYYY-MM-DD in APP_TIME_ZONE');

/**
 * One question due in the week: answered (its first answer, with the model answer and explanation)
 * or still to do (no answer yet, so no model answer: the page must not give it away).
 */
export const WeekItem = z.object({
  questionId: z.number().int(),
  title: z.string(),
  /** `m` one choice, `M` several (answers are JSON arrays), `s` short answer. */
  type: z.enum(['m', 'M', 's']),
  dueDay: day,
  targetDate: dateTime,
  status: z.enum(['correct', 'wrong', 'unmarked', 'todo']),
  answer: z.string().nullable().describe("The child's first answer; null while still to do"),
  submitDate: dateTime.nullable(),
  modelAnswer: z.string().nullable(),
  explanation: z.string().nullable(),
  /** The explanation's pictures, once answered (none while still to do). */
  pictures: z.array(QuestionPicture),
});
export type WeekItem = z.output<typeof WeekItem>;

/** The drill's answers on one day of the week (days without answers are left out). */
export const WeekDrillDay = z.object({ day, correct: z.number().int(), wrong: z.number().int() });
export type WeekDrillDay = z.output<typeof WeekDrillDay>;

export const WeekSummary = z.object({
  /** Questions due in the week: answered + still to do. */
  assigned: z.number().int(),
  answered: z.number().int(),
  correct: z.number().int(),
  wrong: z.number().int(),
  unmarked: z.number().int(),
  /** Due in the week and not yet answered. */
  todo: z.number().int(),
  /** Not yet answered and due tomorrow (from today, whichever week is shown). */
  dueTomorrow: z.number().int(),
  drillCorrect: z.number().int(),
  drillWrong: z.number().int(),
});
export type WeekSummary = z.output<typeof WeekSummary>;

export const Week = z.object({
  name: z.string(),
  /** The Monday and the Sunday of the week. */
  start: day,
  end: day,
  /** Today in APP_TIME_ZONE (what "due tomorrow" counts from). */
  today: day,
  summary: WeekSummary,
  /** Ordered by due time, then question. */
  items: z.array(WeekItem),
  drill: z.array(WeekDrillDay),
});
export type Week = z.output<typeof Week>;
