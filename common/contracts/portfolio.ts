import { portfolioLimits } from '../limits.ts';
import { STOPWATCH_TYPES } from '../portfolio/stopwatch.ts';
import { WALL_STATES } from '../portfolio/wall.ts';
import { idField, text } from '../validation.ts';
import { validationTexts } from '../validationTexts.ts';
import { z } from '../zod.ts';

/** Control characters and bidirectional overrides, which could disguise a text; a text may break lines. */
const HIDDEN_IN_LINE = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;
const HIDDEN_IN_TEXT = /(?!\n)[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

/** One line of visible text: trimmed, no control characters or direction overrides. */
const plainLine = (max: number) =>
  text({ max }).refine((value) => !HIDDEN_IN_LINE.test(value), validationTexts.controlCharactersInLine);

// ---- stopwatch (spec 2 §3, §4, §7) ----

/**
 * `POST stopwatch {name, generatedDate, elapsedTime, type, relatedID}`. A start (`s`) begins a run at
 * 0 with no relatedID; resume, pause and done (`r`, `p`, `d`) name the run by its start record's id.
 * `generatedDate` is accepted for the original client and ignored: the server records its own time.
 */
export const StopwatchRecordRequest = z
  .object({
    name: plainLine(portfolioLimits.stopwatchNameMax),
    generatedDate: z.string().max(40, 'must be at most 40 characters').nullish(),
    elapsedTime: z
      .number({ error: 'must be a number' })
      .int('must be a whole number of hundredths of a second')
      .min(0, 'must not be negative')
      .max(portfolioLimits.stopwatchElapsedMax, 'must be at most 30 days'),
    type: z.enum(STOPWATCH_TYPES, { error: 'must be s, r, p or d' }),
    relatedID: idField.nullish(),
  })
  .superRefine((record, ctx) => {
    if (record.type === 's') {
      if (record.relatedID != null) {
        ctx.addIssue({ code: 'custom', path: ['relatedID'], message: 'must be null for a start (s)' });
      }
      if (record.elapsedTime !== 0) {
        ctx.addIssue({ code: 'custom', path: ['elapsedTime'], message: 'must be 0 for a start (s)' });
      }
    } else if (record.relatedID == null) {
      ctx.addIssue({
        code: 'custom',
        path: ['relatedID'],
        message: 'must be the id of the run’s start record for r, p and d',
      });
    }
  });
export type StopwatchRecordRequest = z.output<typeof StopwatchRecordRequest>;

// ---- wall (issue 17) ----

// In a module of their own: responses.ts needs them, and this module re-exports its types.
export { WALL_STATES, type WallState } from '../portfolio/wall.ts';

/** `POST wall {author?, message}`: a short text; line breaks allowed, no other control characters. */
export const WallPostRequest = z.object({
  author: z
    .string({ error: 'must be a text' })
    .trim()
    .max(portfolioLimits.wallAuthorMax, `must be at most ${portfolioLimits.wallAuthorMax} characters`)
    .refine((value) => !HIDDEN_IN_LINE.test(value), validationTexts.controlCharactersInLine)
    .nullish()
    .transform((value) => (value ? value : 'Anonymous')),
  message: text({ max: portfolioLimits.wallMessageMax })
    .transform((value) => value.replace(/\r\n?/g, '\n'))
    .refine(
      (value) => !HIDDEN_IN_TEXT.test(value),
      'must not contain control characters other than line breaks',
    )
    .refine((value) => value.split('\n').length <= 10, 'must be at most 10 lines'),
});
export type WallPostRequest = z.output<typeof WallPostRequest>;

/** `PATCH wall/moderation/{postId} {state}`: the owner shows a post on the board or hides it. */
export const WallModerationRequest = z.object({
  state: z.enum(['approved', 'hidden'], { error: 'must be approved or hidden' }),
});
export type WallModerationRequest = z.output<typeof WallModerationRequest>;

/** `GET wall/moderation?state=` narrows the owner's list to one state. */
export const WallModerationQuery = z.object({
  state: z.enum(WALL_STATES, { error: 'must be pending, approved or hidden' }).optional(),
});

export const WallPostParams = z.object({ postId: idField });

// The answers' shapes: their contracts are in responses.ts (kept out of the pages' bundles).
export type { WallPost, WallPostForModeration } from './responses.ts';
