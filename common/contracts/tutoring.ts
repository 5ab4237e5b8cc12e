import { isDay } from '../dates.ts';
import { limits, MAX_ID, questionLimits } from '../limits.ts';
import { MARKS, QUESTION_TYPES } from '../questions/rules.ts';
import { idField, text } from '../validation.ts';
import { validationTexts } from '../validationTexts.ts';
import { z } from '../zod.ts';

// Defined beside the other limits (a module without zod, which the pages read).
export { questionLimits };

const optionalText = (max: number) =>
  z
    .string({ error: 'must be a text' })
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v?.trim() ? v : null));

/** A candidate as sent: a plain string, or `{id, value}` as the pages echo them back. */
const candidateText = z
  .string({ error: 'must be a text' })
  .max(questionLimits.candidateMax, `must be at most ${questionLimits.candidateMax} characters`);
const candidate = z.union([candidateText, z.object({ value: candidateText }).transform((c) => c.value)], {
  // zod's own "Invalid input" when both forms fail: the problem of the form the value was sent in
  // instead (a plain object means `{value}`; anything else, a list included, a text).
  error: (issue) => {
    const input = issue.input;
    const meant = typeof input === 'object' && input !== null && !Array.isArray(input) ? 1 : 0;
    return (issue as { errors?: { message: string }[][] }).errors?.[meant]?.[0]?.message;
  },
});

const nameList = (max: number, itemMax: number) =>
  z
    .array(z.string({ error: 'must be texts' }).max(itemMax, `items must be at most ${itemMax} characters`), {
      error: 'must be a list',
    })
    .max(max, `must have at most ${max} items`);

/** `POST questions`: checked further in the service against the clock and the database. */
export const QuestionCreateRequest = z.object({
  title: text({ max: questionLimits.titleMax }),
  question: text({ max: questionLimits.questionMax }),
  type: z.enum(QUESTION_TYPES, { error: 'must be m, M or s' }),
  candidates: z
    .array(candidate, { error: 'must be a list' })
    .max(20, 'must have at most 20 items')
    .nullish()
    .transform((c) => c ?? []),
  hint: optionalText(questionLimits.hintMax),
  students: nameList(questionLimits.studentsMax, 40)
    .nullish()
    .transform((s) => s ?? []),
  topics: nameList(questionLimits.topicsMax, questionLimits.topicMax)
    .nullish()
    .transform((t) => t ?? []),
  answer: text({ max: questionLimits.answerMax, trim: false }).refine(
    (a) => a.trim() !== '',
    'must not be empty',
  ),
  explanation: text({ max: questionLimits.explanationMax }),
  generatedDate: z.string({ error: 'must be a date-time text' }).nullish(),
  targetDate: z.string({ error: 'is required' }).min(1, 'is required'),
});
export type QuestionCreateRequest = z.input<typeof QuestionCreateRequest>;

const positiveId = idField;

/** An id as the key of a JSON object (`{"12": …}`): digits naming a positive `integer`. */
const idKey = (message: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, message)
    .refine((key) => Number(key) <= MAX_ID, message);

/** A draft's version: a counter kept in an `integer` column. */
const version = z
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .nonnegative('must not be negative')
  .max(MAX_ID, `must be at most ${MAX_ID}`);

export const AssignmentCreateRequest = z.object({
  questionIds: z
    .array(positiveId, { error: 'must be a list' })
    .min(1, 'must not be empty')
    .max(1000, 'must have at most 1000 items'),
  names: nameList(questionLimits.studentsMax, 40).min(1, 'must not be empty'),
  targetDate: z.string({ error: 'is required' }).min(1, 'is required'),
});

const studentAnswer = z
  .string({ error: 'must be a text' })
  .max(questionLimits.studentAnswerMax, `must be at most ${questionLimits.studentAnswerMax} characters`);

/**
 * The version of the draft an answer was typed from (0: no draft seen). When given, an answer whose
 * draft was changed since (another tab, another device) is refused with a 409 instead of stored.
 */
const draftVersion = version.optional();

export const SubmissionItem = z.object({
  questionId: positiveId,
  studentAnswer,
  studentName: text({ max: 40 }),
  /** Accepted for the original client's sake and ignored: the server's clock sets the time. */
  submitDate: z.unknown().optional(),
  draftVersion,
});
export const SubmissionBatch = z
  .array(SubmissionItem, { error: 'must be a list of answers' })
  .min(1, 'must hold at least one answer')
  .max(questionLimits.submissionBatchMax, `must hold at most ${questionLimits.submissionBatchMax} answers`);

export const RedoItem = z.object({
  questionId: positiveId,
  studentAnswer,
  draftVersion,
});
export const RedoBatch = z
  .array(RedoItem, { error: 'must be a list of answers' })
  .min(1, 'must hold at least one answer')
  .max(questionLimits.submissionBatchMax, `must hold at most ${questionLimits.submissionBatchMax} answers`);

/** `PUT submissions/mark/{name}`: `{ "<submission id>": 0 | 1 | -1 }`; `{}` marks nothing (a 200). */
export const MarkRequest = z
  .record(
    idKey(validationTexts.submissionIdKeys),
    z.union([z.literal(0), z.literal(1), z.literal(-1)], { error: 'marks must be 0, 1 or -1' }),
  )
  .refine((m) => Object.keys(m).length <= 1000, 'must mark at most 1000 submissions');

/**
 * `PATCH drafts/{name}`: the answers changed in one tab, each with the version of the draft it was
 * typed over (0 when the tab has seen none). A change over an older version than the server's is
 * not saved: the newer copy (another tab, another device) wins and is sent back. `''` clears.
 */
export const DraftsPatchRequest = z.object({
  changes: z
    .record(
      idKey(validationTexts.questionIdKeys),
      z.object({
        answer: z
          .string({ error: 'must be a text' })
          .max(
            questionLimits.studentAnswerMax,
            `must be at most ${questionLimits.studentAnswerMax} characters`,
          ),
        version,
      }),
      { error: 'must map question ids to {answer, version}' },
    )
    .refine((c) => Object.keys(c).length > 0, 'must hold at least one change')
    .refine(
      (c) => Object.keys(c).length <= questionLimits.draftsMax,
      `must hold at most ${questionLimits.draftsMax} changes`,
    ),
});

export const DayQuery = z.object({
  date: z.string().refine(isDay, validationTexts.dateFilter).optional(),
});

export const YearMonthParams = z.object({
  // Four digits without a leading zero: PostgreSQL has no year 0, and a month is padded to `YYYY`.
  year: z
    .string()
    .regex(/^[1-9]\d{3}$/, 'must be 1000 to 9999')
    .transform(Number),
  month: z
    .string()
    .regex(/^\d{1,2}$/, 'must be 1 to 12')
    .transform(Number)
    .refine((m) => m >= 1 && m <= 12, 'must be 1 to 12'),
});

// ---- answers ----

/**
 * `GET marking` (the marking inbox): every unmarked answer of every student, or of one
 * student (`student`, a username) and/or one due day (`date`, as `?date=` everywhere else).
 */
export const MarkingQuery = z.object({
  student: z
    .string({ error: 'must be a text' })
    .max(limits.usernameMax, `must be at most ${limits.usernameMax} characters`)
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined)),
  date: z.string().refine(isDay, validationTexts.dateFilter).optional(),
});

export { MARKS };

const changedText = (max: number) =>
  z
    .string({ error: 'must be a text' })
    .max(max, `must be at most ${max} characters`)
    .refine((v) => v.trim() !== '', 'must not be empty')
    .optional();

/** `PATCH questions/multiples`: the id plus only the fields that changed. */
export const QuestionUpdateItem = z
  .object({
    id: positiveId,
    title: changedText(questionLimits.titleMax),
    question: changedText(questionLimits.questionMax),
    type: z.enum(QUESTION_TYPES, { error: 'must be m, M or s' }).optional(),
    /** Null or '' clears the hint. */
    hint: z
      .string({ error: 'must be a text' })
      .max(questionLimits.hintMax, `must be at most ${questionLimits.hintMax} characters`)
      .nullish(),
    answer: changedText(questionLimits.answerMax),
    explanation: changedText(questionLimits.explanationMax),
    generatedDate: z.string({ error: 'must be a date-time text' }).optional(),
    candidates: z
      .array(candidate, { error: 'must be a list' })
      .max(20, 'must have at most 20 items')
      .optional(),
    topics: nameList(questionLimits.topicsMax, questionLimits.topicMax).optional(),
    students: z.unknown().optional(),
    targetDate: z.unknown().optional(),
  })
  .superRefine((item, ctx) => {
    if (item.students !== undefined || item.targetDate !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['students'],
        message: 'cannot be changed here: reassign with POST assignments (the archive page)',
      });
    }
  });
export const QuestionUpdateBatch = z
  .array(QuestionUpdateItem, { error: 'must be a list of changes' })
  .min(1, 'must hold at least one change')
  .max(200, 'must hold at most 200 changes');

export const TopicLinkRequest = z.object({
  questionIds: z
    .array(positiveId, { error: 'must be a list' })
    .min(1, 'must not be empty')
    .max(1000, 'must have at most 1000 items'),
  topics: nameList(questionLimits.topicsMax, questionLimits.topicMax).min(1, 'must not be empty'),
});

export const TopicTitle = text({ max: questionLimits.topicMax });

// The answers' shapes: their contracts are in responses.ts (kept out of the pages' bundles).
export type {
  CalendarItem,
  Candidate,
  DayCount,
  DraftsPatchResponse,
  DraftsResponse,
  MarkingCount,
  MarkingInboxItem,
  MarkingItem,
  MarkSuggestion,
  ModifyResult,
  QuestionOnly,
  QuestionStudent,
  QuestionTopic,
  Remarked,
  RosterStudent,
  SubmissionQuestion,
  SubmissionSummary,
  SuggestionReason,
  Topic,
} from './responses.ts';
