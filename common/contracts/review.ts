import { questionLimits } from '../limits.ts';
import { type LadderFault, ladderFault, ladderLimits } from '../reviewSchedule.ts';
import { customProblem, idField, type ProblemWords, says, text } from '../validation.ts';
import { z } from '../zod.ts';

/** Spaced review: what a tutor sends. The answers' contracts are in responses.ts. */

/** `POST review/pin/{name}`, `POST review/retire/{name}`: one question of the student. */
export const ReviewQuestionRequest = z.object({ questionId: idField });

const topic = text({ max: questionLimits.topicMax }).transform((t) => t.toLowerCase());

const { minRungs, maxRungs, minDays, maxDays } = ladderLimits;
/** The words of each rule a ladder may break. */
const ladderWords: Record<LadderFault, ProblemWords> = {
  steps: (t) => t.steps(minRungs, maxRungs),
  stepDays: (t) => t.stepDays(minDays, maxDays),
  ladderOrder: (t) => t.ladderOrder,
};

/** `PUT review/settings/{name}`: the student's own setting (`topic` null or left out) or one topic's. */
export const ReviewSettingRequest = z.object({
  topic: topic.nullish().transform((t) => t ?? null),
  enabled: z.boolean(says('trueOrFalse')),
  ladder: z
    .array(z.number(says('daysNumbers')), says('daysList'))
    .max(maxRungs, says('steps', minRungs, maxRungs))
    .superRefine((ladder, ctx) => {
      const fault = ladderFault(ladder);
      if (fault) ctx.addIssue(customProblem(ladderWords[fault]));
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
