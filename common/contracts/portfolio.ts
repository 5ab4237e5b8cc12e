import { portfolioLimits } from '../limits.ts';
import { STOPWATCH_TYPES } from '../portfolio/stopwatch.ts';
import { WALL_STATES } from '../portfolio/wall.ts';
import { customProblem, idField, says, text } from '../validation.ts';
import { z } from '../zod.ts';

/** Control characters and bidirectional overrides, which could disguise a text; a text may break lines. */
const HIDDEN_IN_LINE = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;
const HIDDEN_IN_TEXT = /(?!\n)[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

/** One line of visible text: trimmed, no control characters or direction overrides. */
const plainLine = (max: number) =>
  text({ max }).refine((value) => !HIDDEN_IN_LINE.test(value), says('controlCharactersInLine'));

// ---- stopwatch ----

/**
 * `POST stopwatch {name, generatedDate, elapsedTime, type, relatedID}`. A start (`s`) begins a run at
 * 0 with no relatedID; resume, pause and done (`r`, `p`, `d`) name the run by its start record's id.
 * `generatedDate` is accepted for the original client and ignored: the server records its own time.
 */
export const StopwatchRecordRequest = z
  .object({
    name: plainLine(portfolioLimits.stopwatchNameMax),
    generatedDate: z.string().max(40, says('atMostCharacters', 40)).nullish(),
    elapsedTime: z
      .number(says('number'))
      .int(says('hundredths'))
      .min(0, says('notNegative'))
      .max(portfolioLimits.stopwatchElapsedMax, says('atMostDays', 30)),
    type: z.enum(STOPWATCH_TYPES, says('stopwatchType')),
    relatedID: idField.nullish(),
  })
  .superRefine((record, ctx) => {
    if (record.type === 's') {
      if (record.relatedID != null) {
        ctx.addIssue(customProblem((t) => t.startRelated, ['relatedID']));
      }
      if (record.elapsedTime !== 0) {
        ctx.addIssue(customProblem((t) => t.startElapsed, ['elapsedTime']));
      }
    } else if (record.relatedID == null) {
      ctx.addIssue(customProblem((t) => t.runStart, ['relatedID']));
    }
  });
export type StopwatchRecordRequest = z.output<typeof StopwatchRecordRequest>;

// ---- wall ----

// In a module of their own: responses.ts needs them, and this module re-exports its types.
export { WALL_STATES, type WallState } from '../portfolio/wall.ts';

/** `POST wall {author?, message}`: a short text; line breaks allowed, no other control characters. */
export const WallPostRequest = z.object({
  author: z
    .string(says('text'))
    .trim()
    .max(portfolioLimits.wallAuthorMax, says('atMostCharacters', portfolioLimits.wallAuthorMax))
    .refine((value) => !HIDDEN_IN_LINE.test(value), says('controlCharactersInLine'))
    .nullish()
    .transform((value) => (value ? value : 'Anonymous')),
  message: text({ max: portfolioLimits.wallMessageMax })
    .transform((value) => value.replace(/\r\n?/g, '\n'))
    .refine((value) => !HIDDEN_IN_TEXT.test(value), says('controlCharacters'))
    .refine((value) => value.split('\n').length <= 10, says('atMostLines', 10)),
});
export type WallPostRequest = z.output<typeof WallPostRequest>;

/** `PATCH wall/moderation/{postId} {state}`: the owner shows a post on the board or hides it. */
export const WallModerationRequest = z.object({
  state: z.enum(['approved', 'hidden'], says('approvedOrHidden')),
});
export type WallModerationRequest = z.output<typeof WallModerationRequest>;

/** `GET wall/moderation?state=` narrows the owner's list to one state. */
export const WallModerationQuery = z.object({
  state: z.enum(WALL_STATES, says('wallState')).optional(),
});

export const WallPostParams = z.object({ postId: idField });

// The answers' shapes: their contracts are in responses.ts (kept out of the pages' bundles).
export type { WallPost, WallPostForModeration } from './responses.ts';
