import { isDay } from '../dates.ts';
import { limits, MAX_ID, questionLimits } from '../limits.ts';
import { PICTURE_ID, PICTURE_PARTS, pictureLimits } from '../questions/pictures.ts';
import { MARKS, QUESTION_TYPES } from '../questions/rules.ts';
import { customProblem, idField, says, text } from '../validation.ts';
import { z } from '../zod.ts';

// Defined beside the other limits (a module without zod, which the pages read).
export { questionLimits };

const optionalText = (max: number) =>
  z
    .string(says('text'))
    .max(max, says('atMostCharacters', max))
    .nullish()
    .transform((v) => (v?.trim() ? v : null));

/** A candidate as sent: a plain string, or `{id, value}` as the pages echo them back. */
const candidateText = z
  .string(says('text'))
  .max(questionLimits.candidateMax, says('atMostCharacters', questionLimits.candidateMax));
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
    .array(z.string(says('texts')).max(itemMax, says('itemsAtMostCharacters', itemMax)), says('list'))
    .max(max, says('atMostItems', max));

/**
 * A question's pictures as sent: each an uploaded picture's id (`POST pictures`), where it is shown
 * and its alt text, which is required (a picture without words is lost on a screen reader).
 */
const QuestionPictureInput = z.object({
  id: z.string(says('pictureId')).regex(PICTURE_ID, says('pictureId')),
  part: z.enum(PICTURE_PARTS, says('picturePart')),
  alt: z
    .string(says('altRequired'))
    .trim()
    .min(1, says('altRequired'))
    .max(pictureLimits.altMax, says('atMostCharacters', pictureLimits.altMax)),
});
export const PictureList = z
  .array(QuestionPictureInput, says('list'))
  .max(pictureLimits.perQuestion, says('atMostItems', pictureLimits.perQuestion))
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    for (const [index, picture] of list.entries()) {
      const key = `${picture.part} ${picture.id}`;
      if (seen.has(key)) ctx.addIssue(customProblem((t) => t.pictureSamePart, [index, 'id']));
      seen.add(key);
    }
  });
export type PictureInput = z.output<typeof QuestionPictureInput>;

/** `POST questions`: checked further in the service against the clock and the database. */
export const QuestionCreateRequest = z.object({
  title: text({ max: questionLimits.titleMax }),
  question: text({ max: questionLimits.questionMax }),
  type: z.enum(QUESTION_TYPES, says('questionType')),
  candidates: z
    .array(candidate, says('list'))
    .max(20, says('atMostItems', 20))
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
    says('notEmpty'),
  ),
  explanation: text({ max: questionLimits.explanationMax }),
  generatedDate: z.string(says('dateTime')).nullish(),
  targetDate: z.string(says('required')).min(1, says('required')),
  pictures: PictureList.nullish().transform((p) => p ?? []),
});
export type QuestionCreateRequest = z.input<typeof QuestionCreateRequest>;

const positiveId = idField;

/** An id as the key of a JSON object (`{"12": …}`): digits naming a positive `integer`. */
const idKey = (keys: 'submissionIdKeys' | 'questionIdKeys') =>
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, says(keys))
    .refine((key) => Number(key) <= MAX_ID, says(keys));

/** A draft's version: a counter kept in an `integer` column. */
const version = z
  .number(says('number'))
  .int(says('wholeNumber'))
  .nonnegative(says('notNegative'))
  .max(MAX_ID, says('atMost', MAX_ID));

export const AssignmentCreateRequest = z.object({
  questionIds: z
    .array(positiveId, says('list'))
    .min(1, says('notEmpty'))
    .max(1000, says('atMostItems', 1000)),
  names: nameList(questionLimits.studentsMax, 40).min(1, says('notEmpty')),
  targetDate: z.string(says('required')).min(1, says('required')),
});

const studentAnswer = z
  .string(says('text'))
  .max(questionLimits.studentAnswerMax, says('atMostCharacters', questionLimits.studentAnswerMax));

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
  .array(SubmissionItem, says('listOfAnswers'))
  .min(1, says('atLeastOneAnswer'))
  .max(questionLimits.submissionBatchMax, says('atMostAnswers', questionLimits.submissionBatchMax));

export const RedoItem = z.object({
  questionId: positiveId,
  studentAnswer,
  draftVersion,
});
export const RedoBatch = z
  .array(RedoItem, says('listOfAnswers'))
  .min(1, says('atLeastOneAnswer'))
  .max(questionLimits.submissionBatchMax, says('atMostAnswers', questionLimits.submissionBatchMax));

/** `PUT submissions/mark/{name}`: `{ "<submission id>": 0 | 1 | -1 }`; `{}` marks nothing (a 200). */
export const MarkRequest = z
  .record(idKey('submissionIdKeys'), z.union([z.literal(0), z.literal(1), z.literal(-1)], says('marks')))
  .refine((m) => Object.keys(m).length <= 1000, says('atMostMarks', 1000));

/**
 * `PATCH drafts/{name}`: the answers changed in one tab, each with the version of the draft it was
 * typed over (0 when the tab has seen none). A change over an older version than the server's is
 * not saved: the newer copy (another tab, another device) wins and is sent back. `''` clears.
 */
export const DraftsPatchRequest = z.object({
  changes: z
    .record(
      idKey('questionIdKeys'),
      z.object({
        answer: z
          .string(says('text'))
          .max(questionLimits.studentAnswerMax, says('atMostCharacters', questionLimits.studentAnswerMax)),
        version,
      }),
      says('draftChanges'),
    )
    .refine((c) => Object.keys(c).length > 0, says('atLeastOneChange'))
    .refine(
      (c) => Object.keys(c).length <= questionLimits.draftsMax,
      says('atMostChanges', questionLimits.draftsMax),
    ),
});

export const DayQuery = z.object({
  date: z.string().refine(isDay, says('dateFilter')).optional(),
});

export const YearMonthParams = z.object({
  // Four digits without a leading zero: PostgreSQL has no year 0, and a month is padded to `YYYY`.
  year: z
    .string()
    .regex(/^[1-9]\d{3}$/, says('year'))
    .transform(Number),
  month: z
    .string()
    .regex(/^\d{1,2}$/, says('month'))
    .transform(Number)
    .refine((m) => m >= 1 && m <= 12, says('month')),
});

// ---- answers ----

/**
 * `GET marking` (the marking inbox): every unmarked answer of every student, or of one
 * student (`student`, a username) and/or one due day (`date`, as `?date=` everywhere else).
 */
export const MarkingQuery = z.object({
  student: z
    .string(says('text'))
    .max(limits.usernameMax, says('atMostCharacters', limits.usernameMax))
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined)),
  date: z.string().refine(isDay, says('dateFilter')).optional(),
});

export { MARKS };

const changedText = (max: number) =>
  z
    .string(says('text'))
    .max(max, says('atMostCharacters', max))
    .refine((v) => v.trim() !== '', says('notEmpty'))
    .optional();

/** `PATCH questions/multiples`: the id plus only the fields that changed. */
export const QuestionUpdateItem = z
  .object({
    id: positiveId,
    title: changedText(questionLimits.titleMax),
    question: changedText(questionLimits.questionMax),
    type: z.enum(QUESTION_TYPES, says('questionType')).optional(),
    /** Null or '' clears the hint. */
    hint: z
      .string(says('text'))
      .max(questionLimits.hintMax, says('atMostCharacters', questionLimits.hintMax))
      .nullish(),
    answer: changedText(questionLimits.answerMax),
    explanation: changedText(questionLimits.explanationMax),
    generatedDate: z.string(says('dateTime')).optional(),
    candidates: z.array(candidate, says('list')).max(20, says('atMostItems', 20)).optional(),
    topics: nameList(questionLimits.topicsMax, questionLimits.topicMax).optional(),
    /** Replaces the question's pictures ([] removes them all). */
    pictures: PictureList.optional(),
    students: z.unknown().optional(),
    targetDate: z.unknown().optional(),
  })
  .superRefine((item, ctx) => {
    if (item.students !== undefined || item.targetDate !== undefined) {
      ctx.addIssue(customProblem((t) => t.reassign, ['students']));
    }
  });
export const QuestionUpdateBatch = z
  .array(QuestionUpdateItem, says('listOfChanges'))
  .min(1, says('atLeastOneChange'))
  .max(200, says('atMostChanges', 200));

export const TopicLinkRequest = z.object({
  questionIds: z
    .array(positiveId, says('list'))
    .min(1, says('notEmpty'))
    .max(1000, says('atMostItems', 1000)),
  topics: nameList(questionLimits.topicsMax, questionLimits.topicMax).min(1, says('notEmpty')),
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
  PictureUploaded,
  QuestionOnly,
  QuestionPicture,
  QuestionStudent,
  QuestionTopic,
  Remarked,
  RosterStudent,
  SubmissionQuestion,
  SubmissionSummary,
  SuggestionReason,
  Topic,
} from './responses.ts';
