import { AUDIT_ACTIONS } from '../audit.ts';
import { LANGUAGES } from '../i18n/translation.ts';
import { MAIL_KINDS, MAIL_STATES, NOTIFICATION_KINDS } from '../mail.ts';
import { STOPWATCH_TYPES, type StopwatchRecord as StopwatchRecordType } from '../portfolio/stopwatch.ts';
import { WALL_STATES } from '../portfolio/wall.ts';
import { PICTURE_PARTS } from '../questions/pictures.ts';
import { QUESTION_TYPES } from '../questions/rules.ts';
import { z } from '../zod.ts';
import { pageOf } from './paging.ts';

/**
 * What the API answers (the 200 bodies), as zod contracts. A route declares its answer's contract
 * (server/http/route.ts `response`): the API's description shows it, and with CHECK_RESPONSES (every
 * test run, `npm run dev`) every answer is checked against it. The pages use the types, exported
 * again beside the requests (users.ts, tutoring.ts, admin.ts, math.ts), so they import nothing from
 * this module at run time: its schemas stay out of the pages' bundles.
 */

const count = z.number().int().min(0);
const id = z.number().int().positive();
/** ISO 8601 with the app zone's offset (`2026-03-10T10:00:00+09:00`). */
const dateTime = z.string().describe('ISO 8601 date-time with the app time zone’s offset');
const day = z.string().describe('YYYY-MM-DD');
const mark = z
  .union([z.literal(-1), z.literal(0), z.literal(1)])
  .describe('1 correct, -1 wrong, 0 not marked');

// ---- people ----

/** `GET users/auth-check`. */
export const AuthCheckResponse = z.object({
  username: z.string(),
  /** Comma-separated upper-case roles, as the admin console edits them: `ADMIN,TEACHER`. */
  role: z.string(),
  /** Spring-style authorities: `ROLE_ADMIN`, `ROLE_TEACHER`, … */
  roles: z.array(z.string()),
  /**
   * The app's time zone (`APP_TIME_ZONE`, e.g. `Asia/Seoul`): dates typed without an offset are read
   * in it, by the server and by the pages alike, and the pages show it next to such dates.
   */
  timeZone: z.string(),
  /** The interface language the user chose, or null: the browser's languages decide. */
  language: z.enum(LANGUAGES).nullable(),
});
export type AuthCheckResponse = z.output<typeof AuthCheckResponse>;

/** `PUT users/language`: the language now saved for the caller (null: follow the browser). */
export const LanguageResponse = z.object({ language: z.enum(LANGUAGES).nullable() });
export type LanguageResponse = z.output<typeof LanguageResponse>;

/** `POST users/password-reset`: the same sentence whether or not the email has an account. */
export const PasswordResetAnswer = z.object({ message: z.string() });
export type PasswordResetAnswer = z.output<typeof PasswordResetAnswer>;

/** `POST users/password-reset/check`: whether a reset link still works (unused, not expired). */
export const PasswordResetState = z.object({ valid: z.boolean() });
export type PasswordResetState = z.output<typeof PasswordResetState>;

/** `POST users/password-reset/link`: the administrator's reset link, shown once, and when it expires. */
export const ResetLinkResponse = z.object({ link: z.string(), expiresAt: z.string() });
export type ResetLinkResponse = z.output<typeof ResetLinkResponse>;
/** `GET`/`PUT users/mail`: each notification the caller's roles get, and whether it is on. */
export const MailSwitches = z.array(z.object({ kind: z.enum(NOTIFICATION_KINDS), on: z.boolean() }));
export type MailSwitches = z.output<typeof MailSwitches>;

/** A user card of the console (`GET users`), the original's UserResponse. */
export const UserCard = z.object({
  id,
  email: z.string(),
  username: z.string(),
  role: z.string(),
  imageURL: z.string(),
  services: z.array(z.string()),
});
export type UserCard = z.output<typeof UserCard>;

/**
 * `GET users/{name}` (the original's UserResponse) with the profile card's figures
 * (defined in docs/api.md). `imageURL` is the default avatar when the person has no picture.
 */
export const UserResponse = UserCard.extend({
  /** Questions ever assigned: still pending plus answered (each first answer answers one). */
  totalQuestions: count,
  /** Every answer sent, redos included. */
  totalSubmissions: count,
  /** Percent of marked first answers that are correct, two decimals; null before any is marked. */
  averageScore: z.number().nullable(),
  /** Questions pending. */
  toSolve: count,
});
export type UserResponse = z.output<typeof UserResponse>;

/** `PATCH users/image`: the user, and `url` (the original image host's answer) = `imageURL`. */
export const PictureResponse = UserResponse.extend({ url: z.string() });
export type PictureResponse = z.output<typeof PictureResponse>;

const ServiceOfSubscription = z.object({ id, service: z.object({ id, name: z.string() }) });

/** A child on a parent's dashboard (`GET users/children/{name}`, the original's Student shape). */
export const ChildResponse = z.object({
  id,
  name: z.string(),
  imageURL: z.string(),
  subscriptions: z.array(ServiceOfSubscription),
});
export type ChildResponse = z.output<typeof ChildResponse>;

/** `GET users/parents`, `POST users/children/{parent}`: a parent with their children. */
export const ParentResponse = z.object({
  id,
  username: z.string(),
  email: z.string(),
  children: z.array(z.object({ id, name: z.string() })),
});
export type ParentResponse = z.output<typeof ParentResponse>;

/** `GET student`: a student with their subscriptions, the original's shape. */
export const StudentWithSubscriptions = z.object({
  id,
  name: z.string(),
  email: z.string(),
  url: z.string().nullable(),
  subscriptions: z.array(ServiceOfSubscription),
});
export type StudentWithSubscriptions = z.output<typeof StudentWithSubscriptions>;

export const ServiceResponse = z.object({ id, name: z.string() });
export type ServiceResponse = z.output<typeof ServiceResponse>;

/** A teacher's student (`GET teacher/{id}/students`). */
export const RosterStudent = z.object({
  id,
  name: z.string(),
  email: z.string(),
  url: z.string().nullable(),
});
export type RosterStudent = z.output<typeof RosterStudent>;

/** One line of `GET audit`: who did what to what, when. */
export const AuditEntry = z.object({
  id,
  at: dateTime,
  actor: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  target: z.string(),
  detail: z.string(),
});
export type AuditEntry = z.output<typeof AuditEntry>;

/** The mail outbox as the admin console shows it (`GET mail/outbox`). */
export const MailQueue = z.object({
  /** Whether SMTP_URL is set: without it mail waits and nothing is sent. */
  configured: z.boolean(),
  waiting: count.describe('Mails not yet sent'),
  failing: count.describe('Waiting mails that failed at least once'),
  abandoned: count.describe('Mails given up on (kept 30 days)'),
  oldestWaiting: dateTime.nullable(),
  lastFailure: z
    .object({
      at: dateTime,
      kind: z.enum(MAIL_KINDS),
      to: z.string(),
      reason: z.string().describe("The mail server's or the connection's words"),
      failures: count,
      state: z.enum(MAIL_STATES),
      /** When it is tried again (a waiting mail). */
      nextTry: dateTime.nullable(),
    })
    .nullable(),
  lastSuccess: z.object({ at: dateTime, kind: z.enum(MAIL_KINDS), to: z.string() }).nullable(),
});
export type MailQueue = z.output<typeof MailQueue>;

// ---- questions and answers ----

export const Candidate = z.object({ id, value: z.string() });
export type Candidate = z.output<typeof Candidate>;

const pictureSize = {
  width: z.number().int().positive().describe('Pixels, as stored'),
  height: z.number().int().positive().describe('Pixels, as stored'),
};

/** A picture of a question, in order: read at `GET pictures/{id}` (WebP), shown with its alt text. */
export const QuestionPicture = z.object({
  id: z.string().describe('The picture’s id: the SHA-256 of the stored WebP, hex'),
  part: z.enum(PICTURE_PARTS).describe('Shown with the question’s text or with its explanation'),
  alt: z.string(),
  ...pictureSize,
});
export type QuestionPicture = z.output<typeof QuestionPicture>;

/** `POST pictures`: the stored picture's id and size, for a question's `pictures` to name. */
export const PictureUploaded = z.object({ id: z.string(), ...pictureSize });
export type PictureUploaded = z.output<typeof PictureUploaded>;

const questionFields = {
  id,
  title: z.string(),
  question: z.string(),
  type: z.enum(QUESTION_TYPES),
  candidates: z.array(Candidate),
  hint: z.string().nullable(),
  generatedDate: dateTime,
  topics: z.array(z.string()),
  /** In order; a pending question (QuestionStudent) carries only those of its text. */
  pictures: z.array(QuestionPicture),
};

/** A pending question as a student sees it: never the answer or explanation. */
export const QuestionStudent = z.object({
  ...questionFields,
  targetDate: dateTime,
  minLeft: z.number().int(),
  hourLeft: z.number().int(),
  dayLeft: z.number().int(),
});
export type QuestionStudent = z.output<typeof QuestionStudent>;

/** A question with its answer and explanation (inside submissions, and for teachers). */
export const QuestionOnly = z.object({
  ...questionFields,
  answer: z.string(),
  explanation: z.string(),
});
export type QuestionOnly = z.output<typeof QuestionOnly>;

/**
 * Where a question of the review list stands in spaced review: due from `dueDay` (`due`: by today),
 * right redos in a row (`step`), pinned by a tutor.
 */
export const SubmissionReview = z.object({
  dueDay: day,
  due: z.boolean(),
  step: count,
  pinned: z.boolean(),
});
export type SubmissionReview = z.output<typeof SubmissionReview>;

export const SubmissionQuestion = z.object({
  id,
  question: QuestionOnly,
  studentAnswer: z.string(),
  submitDate: dateTime,
  targetDate: dateTime,
  marked: mark,
  /** A redo of a question the student had wrong (review page). */
  redo: z.boolean(),
  /** Only in the review list: when the question is due and where it stands on the ladder. */
  review: SubmissionReview.optional(),
});
export type SubmissionQuestion = z.output<typeof SubmissionQuestion>;

/** An answer in the marking inbox: a submission with its question and whose it is. */
export const MarkingItem = SubmissionQuestion.extend({ student: z.string() });
export type MarkingItem = z.output<typeof MarkingItem>;

/** Why the inbox suggests a mark; the page says it in words (common/markingTexts.ts). */
export const SUGGESTION_REASONS = ['exact', 'normalised', 'code', 'earlier'] as const;
export type SuggestionReason = (typeof SUGGESTION_REASONS)[number];

/**
 * A mark the inbox suggests for a short answer, applied only when the teacher accepts it: `exact`
 * (the model answer to the letter) and `normalised` (apart from case, spacing and punctuation) and
 * `code` (the model code apart from white space) suggest correct; `earlier` the mark every earlier
 * marked answer to the question with the same normalised text got (`count` of them).
 */
export const MarkSuggestion = z.object({
  mark: z.union([z.literal(-1), z.literal(1)]).describe('1 correct, -1 wrong'),
  reason: z.enum(SUGGESTION_REASONS),
  count: count.describe('for `earlier`: how many answers were marked so before; 0 otherwise'),
});
export type MarkSuggestion = z.output<typeof MarkSuggestion>;

/** An answer on a `GET marking` page: a marking item with the suggested mark, or null for none. */
export const MarkingInboxItem = MarkingItem.extend({ suggestion: MarkSuggestion.nullable() });
export type MarkingInboxItem = z.output<typeof MarkingInboxItem>;

/** `GET marking/count`: answers waiting for a teacher's mark (the header's figure). */
export const MarkingCount = z.object({ count });
export type MarkingCount = z.output<typeof MarkingCount>;

/**
 * The Results header of the Submissions page. First answers decide the score: `total`, `correct`,
 * `wrong` and `unmarked` count answers to assignments, never redos. Redos are counted apart:
 * `redos` answers sent from the review page, `corrected` questions a redo got right. The first and
 * last due dates are date-times like every answer's `targetDate` (the due date is a date-time, as in
 * the original's LocalDateTime), null when nothing is summed up.
 */
export const SubmissionSummary = z.object({
  total: count,
  correct: count,
  wrong: count,
  unmarked: count,
  redos: count,
  corrected: count,
  /** The earliest and latest due date-times of the answers summed up (the page shows their days). */
  firstDueDate: dateTime.nullable(),
  lastDueDate: dateTime.nullable(),
});
export type SubmissionSummary = z.output<typeof SubmissionSummary>;

/** `GET submissions/{name}`: a page of answers, the summary over all of them, and every answer's mark in page order across pages (the jump grid). */
export const SubmissionsPage = pageOf(SubmissionQuestion).extend({
  summary: SubmissionSummary,
  marks: z.array(mark),
});
export type SubmissionsPage = z.output<typeof SubmissionsPage>;

export const CalendarItem = z.object({
  year: z.number().int(),
  month: z.number().int(),
  day: z.number().int(),
  student: z.object({ name: z.string() }),
  solved: count,
  unsolved: count,
  toMark: count,
});
export type CalendarItem = z.output<typeof CalendarItem>;

export const DayCount = z.object({
  name: z.string(),
  date: day,
  correctCounts: count,
  wrongCounts: count,
  unmarkedCounts: count,
});
export type DayCount = z.output<typeof DayCount>;

export const Remarked = z.object({
  submissionId: id,
  questionId: id,
  student: z.string(),
  from: mark,
  to: mark,
});
export type Remarked = z.output<typeof Remarked>;
/** `PATCH questions/multiples`: how many questions changed, and which automatic marks changed with them. */
export const ModifyResult = z.object({ count, remarked: z.array(Remarked) });
export type ModifyResult = z.output<typeof ModifyResult>;

export const QuestionTopic = z.object({
  id,
  title: z.string(),
  question: z.string(),
  topics: z.array(z.string()),
});
export type QuestionTopic = z.output<typeof QuestionTopic>;
export const Topic = z.object({ id, title: z.string() });
export type Topic = z.output<typeof Topic>;

/** `GET drafts/{name}`: what the student typed and has not submitted, with each draft's version. */
export const DraftsResponse = z.object({
  answers: z.record(z.string(), z.string()),
  /** Every draft's version, cleared ones (answer '') included. */
  versions: z.record(z.string(), z.number().int()),
  updatedAt: dateTime.nullable(),
});
export type DraftsResponse = z.output<typeof DraftsResponse>;

/** `PATCH drafts/{name}`: what was saved, what lost to a newer copy, what can no longer be answered. */
export const DraftsPatchResponse = z.object({
  /** Saved changes: question id → the draft's new version. */
  saved: z.record(z.string(), z.number().int()),
  /** Changes typed over an older version: the newer copy the server keeps. */
  conflicts: z.record(z.string(), z.object({ answer: z.string(), version: z.number().int() })),
  /** Questions neither pending nor in review any more (answered elsewhere, unassigned): dropped. */
  closed: z.array(id),
});
export type DraftsPatchResponse = z.output<typeof DraftsPatchResponse>;

/** A student's answers by topic (`GET stats/topics/page/{name}`). */
export const TopicStat = z.object({
  topic: z.string(),
  correctCount: count,
  wrongCount: count,
  totalCount: count,
});
export type TopicStat = z.output<typeof TopicStat>;

// ---- spaced review ----

/** `GET review/count/{name}`: due by today (the header's figure), due later, stuck, retired. */
export const ReviewCounts = z.object({ due: count, later: count, stuck: count, retired: count });
export type ReviewCounts = z.output<typeof ReviewCounts>;

export const REVIEW_STATUSES = ['due', 'later', 'stuck', 'retired', 'done', 'assigned'] as const;
export const ReviewStatusName = z.enum(REVIEW_STATUSES);
export type ReviewStatusName = z.output<typeof ReviewStatusName>;

/** One answered question of the student on the tutor's schedule page. */
export const ReviewItem = z.object({
  questionId: id,
  title: z.string(),
  topics: z.array(z.string()),
  /** due / later (in Review), stuck (graduated), retired, done (right, not in Review), assigned (pending again). */
  status: ReviewStatusName,
  /** The day it is due from (due and later only). */
  dueDay: day.nullable(),
  step: count,
  /** Whether scheduling applies to it, and its ladder (the student's or its topic's setting). */
  scheduled: z.boolean(),
  ladder: z.array(z.number().int()),
  pinned: z.boolean(),
});
export type ReviewItem = z.output<typeof ReviewItem>;

export const ReviewSetting = z.object({
  /** null: the student's own setting (every topic without its own). */
  topic: z.string().nullable(),
  enabled: z.boolean(),
  ladder: z.array(z.number().int()),
});
export type ReviewSetting = z.output<typeof ReviewSetting>;

/** `GET review/schedule/{name}` (and the tutor's writes): settings, counts and every answered question. */
export const ReviewSchedule = z.object({
  student: z.string(),
  today: day,
  defaultLadder: z.array(z.number().int()),
  settings: z.array(ReviewSetting),
  counts: ReviewCounts,
  items: z.array(ReviewItem),
});
export type ReviewSchedule = z.output<typeof ReviewSchedule>;

// ---- the owner's public pages ----

/**
 * One record of the stopwatch's history (`GET stopwatch`). Its type is common/portfolio/stopwatch.ts's
 * (that module stays free of zod for the page's first load); `satisfies` keeps the two in step.
 */
export const StopwatchRecord = z.object({
  id,
  relatedID: id.nullable(),
  name: z.string(),
  type: z.enum(STOPWATCH_TYPES),
  generatedDate: dateTime,
  elapsedTime: z.number().int().min(0).describe('Hundredths of a second'),
  time: z.string().describe('elapsedTime as HH:MM:SS'),
  yearAgo: z.number().int(),
  monthAgo: z.number().int(),
  dayAgo: z.number().int(),
  hourAgo: z.number().int(),
  minAgo: z.number().int(),
}) satisfies z.ZodType<StopwatchRecordType>;

/** A post on the public board (`GET wall`). */
export const WallPost = z.object({ id, author: z.string(), message: z.string(), createdDate: dateTime });
export type WallPost = z.output<typeof WallPost>;

/** A post as the owner moderates it (and as its author's POST answers it). */
export const WallPostForModeration = WallPost.extend({
  state: z.enum(WALL_STATES),
  moderatedDate: dateTime.nullable(),
});
export type WallPostForModeration = z.output<typeof WallPostForModeration>;
