import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { WallState } from '../../common/contracts/portfolio.ts';
import type { Language } from '../../common/i18n/translation.ts';
import type { StopwatchType } from '../../common/portfolio/stopwatch.ts';
import type { Role } from '../../common/roles.ts';

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Stored lower-cased, so equality is case-insensitive. */
    email: text().notNull(),
    /** Kept as typed for display; unique and looked up case-insensitively (lower(username)). */
    username: text().notNull(),
    /** argon2id PHC string; null for accounts that only sign in through a provider. */
    passwordHash: text(),
    roles: text().array().$type<Role[]>().notNull().default(sql`ARRAY['STUDENT']::text[]`),
    imageUrl: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The interface language the user chose ('en', 'ko'); null: follow the browser. */
    language: text().$type<Language>(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
    check('users_language_check', sql`${t.language} in ('en', 'ko')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** SHA-256 of the cookie token (hex); the token itself is never stored. */
    tokenHash: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Sliding: moves forward with use, never past absoluteExpiresAt. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * A password reset link (docs/product.md, "Accounts and sign-in"): only the SHA-256 of its random
 * token is kept. It works once, before `expiresAt` (an hour); using it, or a new password, sets
 * `usedAt`.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the link's token (hex). */
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('password_resets_token_hash_unique').on(t.tokenHash),
    index('password_resets_user_idx').on(t.userId),
  ],
);

/**
 * Throttle counters, one row per key (server/users/throttle.ts): `signin:<email> <address>` and
 * `signin-address:<address>` count failed sign-ins, `signup-address:<address>` sign-ups in a window.
 * Every check takes the rows' locks (or is one upsert), so parallel requests are counted exactly.
 */
export const throttles = pgTable(
  'throttles',
  {
    key: text().primaryKey(),
    /** Failures in a row (sign-in) or attempts in the current window (sign-up). */
    count: integer().notNull().default(0),
    /** Attempts being checked right now (a password being verified), counted as failures until they end. */
    inFlight: integer().notNull().default(0),
    /** When the last attempt began; sign-in delays are counted from it. */
    lastAt: timestamp({ withTimezone: true }).notNull(),
    /** When the current counting window began (sign-up). */
    windowStart: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('throttles_last_at_idx').on(t.lastAt)],
);

/**
 * Secrets the server keeps for itself (the key that signs device cookies), each made once by the
 * first instance that needs it, so every instance signs and checks with the same one.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text().primaryKey(),
  /** 256 random bits, base64url. */
  value: text().notNull(),
});

/** A parent may read their linked children's data (docs/product.md, "Parents"). */
export const parentChildren = pgTable(
  'parent_children',
  {
    parentId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    childId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.parentId, t.childId] }), index('parent_children_child_idx').on(t.childId)],
);

// ---- tutoring core ----

export const questions = pgTable(
  'questions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    title: text().notNull(),
    /** The text; code follows the `&code:` marker (common/questions/rules.ts). */
    question: text().notNull(),
    type: text().$type<'m' | 'M' | 's'>().notNull(),
    hint: text(),
    /** `m`: one option value; `M`: a JSON array of option values; `s`: the model answer. */
    answer: text().notNull(),
    explanation: text().notNull(),
    generatedDate: timestamp({ withTimezone: true }).notNull(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /**
     * The searched fields lower-cased in one text, for the archive's search in all fields
     * (questions/search.ts): `ILIKE` lowers every field of every row as it reads it, a stored
     * lowered copy is matched with `LIKE` at a seventh of the cost. A unit separator between the
     * fields keeps a match inside one field. Written by the database, never by an insert.
     */
    searchText: text().generatedAlwaysAs(
      sql`lower(title || E'\\x1f' || answer || E'\\x1f' || coalesce(hint, '') || E'\\x1f' || explanation || E'\\x1f' || question)`,
    ),
  },
  (t) => [
    index('questions_generated_idx').on(t.generatedDate, t.id),
    // A teacher's roster starts from the questions they wrote.
    index('questions_created_by_idx').on(t.createdBy),
    // The archive's search (`ILIKE '%text%'`) reads a field's trigram index, not every question
    // (pg_trgm, in both databases: db/open.ts).
    index('questions_question_trgm_idx').using('gin', t.question.op('gin_trgm_ops')),
    index('questions_answer_trgm_idx').using('gin', t.answer.op('gin_trgm_ops')),
    index('questions_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('questions_explanation_trgm_idx').using('gin', t.explanation.op('gin_trgm_ops')),
    index('questions_hint_trgm_idx').using('gin', t.hint.op('gin_trgm_ops')),
    index('questions_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    check('questions_type_check', sql`${t.type} in ('m', 'M', 's')`),
  ],
);

export const candidates = pgTable(
  'candidates',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    questionId: integer()
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    /** Options keep the order they were written in. */
    position: integer().notNull(),
    value: text().notNull(),
  },
  (t) => [
    uniqueIndex('candidates_question_position_unique').on(t.questionId, t.position),
    // The archive's search in the choices.
    index('candidates_value_trgm_idx').using('gin', t.value.op('gin_trgm_ops')),
  ],
);

export const topics = pgTable(
  'topics',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Trimmed and lower-cased. */
    title: text().notNull(),
  },
  (t) => [uniqueIndex('topics_title_unique').on(t.title)],
);

export const questionTopics = pgTable(
  'question_topics',
  {
    questionId: integer()
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    topicId: integer()
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.questionId, t.topicId] }),
    index('question_topics_topic_idx').on(t.topicId),
  ],
);

/** A question pending for a student: at most one per (question, student); deleted when answered. */
export const assignments = pgTable(
  'assignments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    questionId: integer()
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    studentId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetDate: timestamp({ withTimezone: true }).notNull(),
    /** The day of targetDate in APP_TIME_ZONE (calendars and date filters). */
    dueDay: date({ mode: 'string' }).notNull(),
  },
  (t) => [
    uniqueIndex('assignments_question_student_unique').on(t.questionId, t.studentId),
    index('assignments_student_due_idx').on(t.studentId, t.dueDay, t.targetDate),
  ],
);

export const submissions = pgTable(
  'submissions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    questionId: integer()
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    studentId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studentAnswer: text().notNull(),
    submitDate: timestamp({ withTimezone: true }).notNull(),
    targetDate: timestamp({ withTimezone: true }).notNull(),
    dueDay: date({ mode: 'string' }).notNull(),
    /** 0 unmarked, 1 correct, -1 wrong. */
    marked: smallint().notNull(),
    /** Set by automatic marking (m, M); a teacher's mark clears it. */
    autoMarked: boolean().notNull(),
    /** A redo from the review page, not a first answer to an assignment. */
    redo: boolean().notNull().default(false),
    /**
     * The question's `generated_date`, copied so that a student's answers sort newest question first
     * from their own indexes (a thousand answers would otherwise each look up their question). Set
     * when the answer is stored; a question's new date is copied to its answers in the same
     * statement (questions/queries.ts, updateQuestionFields).
     */
    questionGeneratedDate: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('submissions_student_due_idx').on(t.studentId, t.dueDay),
    // A page of a student's answers, newest question first: the page's rows, not all of them.
    index('submissions_student_newest_idx').on(
      t.studentId,
      t.questionGeneratedDate.desc().nullsFirst(),
      t.id,
    ),
    // A student's answers with every column their summary and review list test or count after the
    // key (drizzle has no INCLUDE): those read the index alone, not a heap page per answer.
    index('submissions_student_question_cover_idx').on(
      t.studentId,
      t.questionId,
      t.id,
      t.marked,
      t.redo,
      t.submitDate,
      t.targetDate,
      t.dueDay,
      t.questionGeneratedDate,
    ),
    // The CSV export reads a student's answers in keyset pages by submit time.
    index('submissions_student_submit_idx').on(t.studentId, t.submitDate, t.id),
    index('submissions_student_marked_idx').on(t.studentId, t.marked),
    // A question's answers; with the student, a teacher's roster reads who answered from the index alone.
    index('submissions_question_student_idx').on(t.questionId, t.studentId),
    // The marking inbox and the header's count read only unmarked answers, from the index alone
    // (the inbox groups them by question and filters by student and due day).
    index('submissions_unmarked_idx')
      .on(t.submitDate, t.questionId, t.id, t.studentId, t.dueDay)
      .where(sql`${t.marked} = 0`),
    check('submissions_marked_check', sql`${t.marked} in (-1, 0, 1)`),
  ],
);

/**
 * A teacher's class: the students given a question the teacher wrote, written in the statement that
 * assigns it (assignments/queries.ts), so the roster reads a hundred rows, not the class's answers.
 * Assignments are only ever consumed by an answer, so the pair stays right until a user goes.
 */
export const teacherStudents = pgTable(
  'teacher_students',
  {
    teacherId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studentId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.teacherId, t.studentId] }),
    index('teacher_students_student_idx').on(t.studentId),
  ],
);

/** Per student per due day: kept equal to a recount of assignments and submissions (calendars/queries.ts). */
export const calendarDays = pgTable(
  'calendar_days',
  {
    studentId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    solved: integer().notNull(),
    unsolved: integer().notNull(),
    toMark: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.day] })],
);

/**
 * A student's answers typed but not yet submitted (to pending questions, and redos of review
 * questions), so they survive reloads and follow the student to other devices and tabs.
 */
export const answerDrafts = pgTable(
  'answer_drafts',
  {
    studentId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: integer()
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    /** '' when the student cleared it (kept, so its version goes on counting). */
    answer: text().notNull(),
    /** Raised by every save; a save typed over an older version loses (drafts/queries.ts). */
    version: integer().notNull().default(1),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.questionId] })],
);

// ---- provider sign-in ----

/**
 * A provider account (Google, Naver, Kakao) linked to one of our users. A user may link several
 * providers and keep a password too; a provider account belongs to at most one user.
 */
export const oauthIdentities = pgTable(
  'oauth_identities',
  {
    provider: text().notNull(),
    /** The provider's stable id for the person (Google `sub`, Naver `response.id`, Kakao `id`). */
    subject: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The email the provider last reported (for the admin's information; never used to sign in). */
    email: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('oauth_identities_user_idx').on(t.userId)],
);

/**
 * A provider sign-in waiting for the person's next step, bound to their browser (the hash of an
 * HttpOnly cookie) and valid for a few minutes:
 * - `register`: a new person; `/oauth2/register?token=…` carries the one-use code whose hash is here.
 * - `link`: the provider's verified email belongs to an account with a password; the identity is
 *   linked when that browser next signs in to that account with its password.
 */
export const oauthPending = pgTable(
  'oauth_pending',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    purpose: text().$type<'register' | 'link'>().notNull(),
    /** SHA-256 of the one-use registration code (hex); null for `link`. */
    tokenHash: text(),
    /** SHA-256 of the browser-binding cookie (hex). */
    browserHash: text().notNull(),
    provider: text().notNull(),
    subject: text().notNull(),
    /** Lower-cased, verified by the provider. */
    email: text().notNull(),
    displayName: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('oauth_pending_token_unique').on(t.tokenHash),
    index('oauth_pending_browser_idx').on(t.browserHash),
    index('oauth_pending_expires_idx').on(t.expiresAt),
    check('oauth_pending_purpose_check', sql`${t.purpose} in ('register', 'link')`),
  ],
);

// ---- insight: services, subscriptions, topic statistics ----

/** What a student can be given: 'Tutoring', 'Simple Math Question', and what the admin adds. */
export const services = pgTable(
  'services',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    /** New STUDENT accounts are subscribed to it (the two services the dashboard has sections for). */
    forNewStudents: boolean().notNull().default(false),
  },
  (t) => [uniqueIndex('services_name_lower_unique').on(sql`lower(${t.name})`)],
);

/** A student subscribed to a service: at most once (the original allowed duplicates). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    studentId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: integer()
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('subscriptions_student_service_unique').on(t.studentId, t.serviceId),
    index('subscriptions_service_idx').on(t.serviceId),
  ],
);

/**
 * Per student per topic: first answers (not redos) to questions of the topic, counted once marked.
 * A cache kept equal to a recount by every write that changes marks, answers or a question's topics
 * (stats/queries.ts), like calendar_days.
 */
export const topicStats = pgTable(
  'topic_stats',
  {
    studentId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topicId: integer()
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    correctCount: integer().notNull(),
    wrongCount: integer().notNull(),
    totalCount: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.topicId] }), index('topic_stats_topic_idx').on(t.topicId)],
);

// ---- the timed addition drill ----

/**
 * The drill's questions and answers. A question the server issued waits with `answer` null (at most
 * one per student, so a client cannot draw until an easy one comes); answering fills the rest. The
 * original client's own questions arrive answered (`issued_at` null).
 */
export const mathAnswers = pgTable(
  'math_answers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    studentId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    a: smallint().notNull(),
    b: smallint().notNull(),
    /** When the server issued it; null for a question the client brought. */
    issuedAt: timestamp({ withTimezone: true }),
    /** As typed; −1 when the timer ran out. Null while the question is open. */
    answer: integer(),
    /** Marked by the server: answer = a + b. */
    correct: boolean(),
    /** The server's time of the answer, and its day in APP_TIME_ZONE. */
    submitDate: timestamp({ withTimezone: true }),
    day: date({ mode: 'string' }),
  },
  (t) => [
    uniqueIndex('math_answers_open_unique').on(t.studentId).where(sql`${t.answer} is null`),
    index('math_answers_student_day_idx').on(t.studentId, t.day),
    check('math_answers_operands_check', sql`${t.a} between 99 and 998 and ${t.b} between 99 and 998`),
    check(
      'math_answers_answered_check',
      sql`(${t.answer} is null) = (${t.correct} is null) and (${t.answer} is null) = (${t.submitDate} is null) and (${t.answer} is null) = (${t.day} is null)`,
    ),
  ],
);

/**
 * Per student per day (APP_TIME_ZONE): the drill's answers counted in the same transaction that
 * stores each one, by an upsert that refuses past 100; the CHECK is the last line of defence. The
 * day counts and totals are read from here.
 */
export const mathDays = pgTable(
  'math_days',
  {
    studentId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    correct: integer().notNull(),
    wrong: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.day] }),
    check(
      'math_days_cap_check',
      sql`${t.correct} >= 0 and ${t.wrong} >= 0 and ${t.correct} + ${t.wrong} <= 100`,
    ),
  ],
);

/**
 * The public stopwatch's history: an append-only log of runs. A run is its start record (`s`,
 * `run_id` null) and the resumes, pauses and the reset (`r`, `p`, `d`) that name it. Times are the
 * server's clock's, never a client's.
 */
export const stopwatchRecords = pgTable(
  'stopwatch_records',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The run's start record (the wire's `relatedID`); null on the start record. */
    runId: integer().references((): AnyPgColumn => stopwatchRecords.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    type: text().$type<StopwatchType>().notNull(),
    /** Hundredths of a second on the stopwatch. */
    elapsed: integer().notNull(),
    recordedAt: timestamp({ withTimezone: true }).notNull(),
    /** On a start record: SHA-256 of the browser key that started it (only that browser continues it). */
    ownerHash: text(),
  },
  (t) => [
    check('stopwatch_records_type_check', sql`${t.type} in ('s', 'r', 'p', 'd')`),
    check('stopwatch_records_run_check', sql`(${t.type} = 's') = (${t.runId} is null)`),
    index('stopwatch_records_run_idx').on(t.runId, t.id),
  ],
);

/**
 * Visitors' messages on the wall: stored as typed, shown as text; only the ones the
 * owner approved are public.
 */
export const wallPosts = pgTable(
  'wall_posts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    author: text().notNull(),
    message: text().notNull(),
    state: text().$type<WallState>().notNull().default('pending'),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    moderatedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('wall_posts_state_check', sql`${t.state} in ('pending', 'approved', 'hidden')`),
    index('wall_posts_approved_idx').on(t.id).where(sql`${t.state} = 'approved'`),
    index('wall_posts_state_idx').on(t.state, t.id),
  ],
);

// ---- admin console ----

/**
 * Every administrator write (services, subscriptions, users' names and roles, parent links,
 * reloads): who, what, when. Written in the same transaction as the change it records, so a change
 * is never without its line nor a line without its change. The actor's name is kept as it was, so
 * the log still reads when the account is renamed or removed.
 */
export const auditLog = pgTable('audit_log', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  at: timestamp({ withTimezone: true }).notNull(),
  actorId: integer().references(() => users.id, { onDelete: 'set null' }),
  actorName: text().notNull(),
  /** One of AUDIT_ACTIONS (common/contracts/admin.ts). */
  action: text().notNull(),
  /** What it was done to: a username, a service's name. */
  target: text().notNull(),
  /** The change in words (`STUDENT → STUDENT,PARENT`, `3 new of 4 pairs`). */
  detail: text().notNull().default(''),
});

// ---- spaced review ----

/**
 * A student's review schedule of one question (common/reviewSchedule.ts says what each field means):
 * written by redos while scheduling is on, by a tutor's pin and retirement; without a row (or with a
 * row older than the latest answer, `submission_id`) Review follows the latest mark as before.
 */
export const reviewSchedule = pgTable(
  'review_schedule',
  {
    studentId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: integer()
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    /** Right redos in a row since the last wrong answer. */
    step: smallint().notNull(),
    /** The APP_TIME_ZONE day from which it is due (an active row). */
    dueDay: date({ mode: 'string' }).notNull(),
    state: text().$type<'active' | 'graduated' | 'retired'>().notNull(),
    /** Brought back by a tutor (shown to the student). */
    pinned: boolean().notNull().default(false),
    /** The latest submission when the row was written. */
    submissionId: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.questionId] }),
    index('review_schedule_question_idx').on(t.questionId),
    check('review_schedule_state_check', sql`${t.state} in ('active', 'graduated', 'retired')`),
  ],
);

/**
 * A tutor's review settings for a student: the student's own (`topic_id` null) or for one topic.
 * Without any, scheduling is off and the default ladder applies.
 */
export const reviewSettings = pgTable(
  'review_settings',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    studentId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topicId: integer().references(() => topics.id, { onDelete: 'cascade' }),
    enabled: boolean().notNull(),
    /** Days of each step, e.g. {1,3,7,14,30}. */
    ladder: smallint().array().notNull(),
  },
  (t) => [
    uniqueIndex('review_settings_student_topic_unique').on(t.studentId, sql`coalesce(${t.topicId}, 0)`),
  ],
);

// ---- mail ----

/**
 * Mail waiting to be sent, written in the transaction of the change it tells of and sent later by
 * the worker (server/mail/worker.ts; docs/architecture.md, "Mail"). A sent row keeps no body: a
 * reset link in it would outlive its use.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** One of MAIL_KINDS (server/mail/service.ts). */
    kind: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    recipient: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text().notNull(),
    /** Extra headers by name (checked when enqueued: no line breaks, none of ours). */
    headers: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** The database's clock, as every time of this table: the worker compares them with it. */
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the worker may try it next: its creation, then later after each failure. */
    dueAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Failed tries; the latest one's time and reason (kept after a later success, for the admin). */
    failures: integer().notNull().default(0),
    failedAt: timestamp({ withTimezone: true }),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    /** Given up on: still unsent when it was too old to be worth sending. */
    abandonedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.dueAt, t.id)
      .where(sql`${t.sentAt} is null and ${t.abandonedAt} is null`),
    check(
      'mail_outbox_kind_check',
      sql`${t.kind} in ('password-reset', 'student-digest', 'parent-weekly', 'teacher-marking')`,
    ),
  ],
);

/**
 * A kind of notification mail a person switched off (their profile, or the mail's one-click
 * unsubscribe link): no row, the mail is sent (docs/product.md, "Mail").
 */
export const mailOptOuts = pgTable(
  'mail_opt_outs',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of NOTIFICATION_KINDS (common/mail.ts). */
    kind: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * One row per digest sent: (person, kind, period) is unique, and the row is inserted in the
 * transaction that enqueues the mail, so two instances (or a restart) never send one twice.
 */
export const mailDigests = pgTable(
  'mail_digests',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    /** The day (`2026-03-10`) or week (its Monday) in APP_TIME_ZONE the digest covers. */
    period: date({ mode: 'string' }).notNull(),
    /** When the digest was decided. */
    sentAt: timestamp({ withTimezone: true }).notNull(),
    /**
     * What the digest had seen (the student's: assignment and marked submission ids), so the next
     * one tells only what is new since; null for digests that compare nothing.
     */
    seen: jsonb().$type<{ assignments: number[]; marks: number[] }>(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.period] })],
);

/**
 * A picture uploaded for questions, re-encoded to WebP and stored once under its content hash
 * (`IMAGES_DIR/questions/<hash>.webp`): the same picture uploaded twice is one row and one file.
 */
export const pictures = pgTable(
  'pictures',
  {
    /** SHA-256 of the stored WebP, hex: its file name and its id in the API. */
    hash: text().primaryKey(),
    width: integer().notNull(),
    height: integer().notNull(),
    bytes: integer().notNull(),
    uploadedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [check('pictures_hash_check', sql`${t.hash} ~ '^[0-9a-f]{64}$'`)],
);

/** A picture shown with a question's text or with its explanation, in order, with its alt text. */
export const questionPictures = pgTable(
  'question_pictures',
  {
    questionId: integer()
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    position: smallint().notNull(),
    /** 'question' (shown with the text) or 'explanation' (shown only once answered). */
    part: text().$type<'question' | 'explanation'>().notNull(),
    picture: text()
      .notNull()
      .references(() => pictures.hash),
    alt: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.questionId, t.position] }),
    index('question_pictures_picture_idx').on(t.picture),
    check('question_pictures_part_check', sql`${t.part} in ('question', 'explanation')`),
  ],
);
