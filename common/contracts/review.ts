import { questionLimits } from '../limits.ts';
import { ladderLimits, ladderProblem } from '../reviewSchedule.ts';
import { idField, text } from '../validation.ts';
import { z } from '../zod.ts';

/** Spaced review: what a tutor sends. The answers' contracts are in responses.ts. */

/** `POST review/pin/{name}`, `POST review/retire/{name}`: one question of the student. */
export const ReviewQuestionRequest = z.object({ questionId: idField });

const topic = text({ max: questionLimits.topicMax }).transform((t) => t.toLowerCase());

/** `PUT review/settings/{name}`: the student's own setting (`topic` null or left out) or one topic's. */
export const ReviewSettingRequest = z.object({
  topic: topic.nullish().transform((t) => t ?? null),
  enabled: z.boolean({ error: 'must be true or false' }),
  ladder: z
    .array(z.number({ error: 'must be numbers of days' }), { error: 'must be a list of days' })
    .max(ladderLimits.maxRungs, `must have ${ladderLimits.minRungs} to ${ladderLimits.maxRungs} steps`)
    .superRefine((ladder, ctx) => {
      const problem = ladderProblem(ladder);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
});

/** `DELETE review/settings/{name}?topic=`: drop one topic's setting (the student's own applies again). */
export const ReviewTopicQuery = z.object({ topic });

export type {
  ReviewCounts,
  ReviewItem,
  ReviewSchedule,
  ReviewSetting,
  ReviewStatusName,
  SubmissionReview,
} from './responses.ts';
