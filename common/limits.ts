/** Limits shared by the server's schemas, the pages' inputs and the boundary tests. */
export const limits = {
  emailMax: 254,
  usernameMin: 1,
  usernameMax: 40,
  passwordMin: 8,
  passwordMax: 128,
  /** Request time-out of every API call. */
  requestTimeoutMs: 20_000,
  /** A part of the web app (a route's script chunk) that has not arrived by then has failed. */
  chunkLoadTimeoutMs: 120_000,
  /** A toast (success or error message) dismisses itself after this long, paused while hovered or focused. */
  toastDurationMs: 4_000,
  /** The longest provider registration code. */
  oauthTokenMax: 200,
  /** Pictures (profile, questions): the largest upload (413 past it). */
  pictureMaxBytes: 5 * 1024 * 1024,
  /** A password reset link's token longer than this is no token. */
  resetTokenMax: 100,
} as const;

/**
 * Limits only the server applies: apart from `limits`, which every page's first load carries, so
 * no page downloads them.
 */
export const serverLimits = {
  /**
   * Sign-in throttling (server/users/throttle.ts): failures allowed before delays start, per
   * (account, address) pair and per address; then each further attempt waits 15 s, 30 s, 1 min, …
   * doubling up to 15 min. A success clears the pair's count; 24 h without attempts clears both.
   * A browser with a device cookie for the account is counted alone, with the pair's allowance.
   */
  signInPairFreeFailures: 5,
  signInAddressFreeFailures: 20,
  signInDeviceFreeFailures: 5,
  /** How long a browser keeps the device cookie of its last sign-in. */
  deviceCookieDays: 365,
  signInFirstDelaySeconds: 15,
  signInMaxDelaySeconds: 15 * 60,
  signInForgetHours: 24,
  /** Sign-ups per address per hour (a classroom behind one address signs up together). */
  signUpsPerAddressPerHour: 20,
  /**
   * Password reset: a link works once, for this long; requests per address and per email address per
   * hour (PASSWORD_RESETS_PER_ADDRESS_PER_HOUR, …_PER_ACCOUNT_…).
   */
  resetLinkMinutes: 60,
  passwordResetsPerAddressPerHour: 10,
  passwordResetsPerAccountPerHour: 3,
  /** Sessions: sliding idle expiry with an absolute cap. */
  sessionIdleDays: 7,
  sessionAbsoluteDays: 30,
  /** Provider sign-in: how long the state cookie and the registration code live. */
  oauthFlowMinutes: 10,
  oauthPendingMinutes: 5,
  /** Default JSON body cap (bytes). */
  jsonBodyLimitBytes: 1024 * 1024,
  /** Pictures: the most pixels decoded (any picture); the stored profile square's side. */
  pictureMaxPixels: 40_000_000,
  avatarSidePx: 256,
  /** A question's picture is stored with its longest side at most this (smaller ones keep their size). */
  questionPictureSidePx: 1600,
  /**
   * A stopwatch pause or reset may report at most this much more than the server measured since the
   * run last started (the start's request travelled after the visitor's click), in hundredths of a second.
   */
  stopwatchLatencyAllowance: 500,
  /** Stopwatch records per address per hour from visitors who are not signed in. */
  stopwatchWritesPerAddressPerHour: 240,
  /** Wall posts per address per hour (anyone). */
  wallPostsPerAddressPerHour: 5,
  /** The audit entries `GET audit` answers: the latest ones. */
  auditLatest: 50,
} as const;

/**
 * The largest id (and draft version) a client may send: PostgreSQL's `integer`, the type of every id
 * column. Larger numbers are refused at validation, never handed to the database.
 */
export const MAX_ID = 2_147_483_647;

/** Layout constants (docs/product.md, "Limits"); the stylesheets hold the 480 px phone width and 68 px top padding. */
export const layout = {
  headerHideThresholdPx: 50,
} as const;

/** Limits of a question and its answers, checked by the server's schemas and the upload forms. */
export const questionLimits = {
  titleMax: 255,
  questionMax: 10_000,
  hintMax: 1000,
  answerMax: 1000,
  explanationMax: 2000,
  candidateMax: 2500,
  topicMax: 100,
  studentsMax: 500,
  topicsMax: 20,
  studentAnswerMax: 10_000,
  /** Due dates may lie at most this many days ahead. */
  maxDueDays: 14,
  submissionBatchMax: 500,
  draftsMax: 500,
  /** Archive and modify search text: the page's input stops here, the server refuses longer. */
  searchMax: 200,
  /** Questions in one bulk upload (`POST questions/multiples`). */
  bulkMax: 1000,
} as const;

/** Page sizes offered by the pager; the default is 5. */
export const PAGE_SIZES = [1, 2, 5, 10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 5;
/**
 * The server's page size when a request sends no `size`: 20, the original server's (Spring Data's)
 * default, which the original client relies on. Our pages always send their size.
 */
export const API_DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 1000;

/**
 * The timed addition drill (docs/product.md, "The addition drill"): answers per day (a day in
 * APP_TIME_ZONE, counted by the server), operand range, the timer's start and steps, the countdown,
 * the reward per point and the results page size.
 */
export const mathLimits = {
  dailyCap: 100,
  operandMin: 99,
  operandMax: 998,
  /** An answer as typed: at most this many digits (the largest sum, 1996, has four). */
  answerDigitsMax: 4,
  /** The answer recorded when the timer ran out. */
  timedOut: -1,
  timerStartMs: 10_000,
  correctStepMs: 100,
  timeoutStepMs: 20,
  countdownSeconds: 3,
  rewardPerPoint: 10,
  resultPageSize: 6,
} as const;

/**
 * The public portfolio's stopwatch and wall: what the server accepts from anonymous
 * visitors. The pages' inputs take their `maxLength` from here.
 */
export const portfolioLimits = {
  /** A stopwatch name (default 'Anonymous'). */
  stopwatchNameMax: 40,
  /** The longest run the stopwatch records, in hundredths of a second (30 days). */
  stopwatchElapsedMax: 30 * 24 * 3600 * 100,
  /** The history's page size. */
  stopwatchPageSize: 10,
  /** A wall message and its author's name. */
  wallMessageMax: 280,
  wallAuthorMax: 40,
} as const;

/** The admin console's limits, checked by the server's schemas and the console's inputs. */
export const adminLimits = {
  serviceNameMax: 100,
  /** Pairs in one `POST subscriptions/multiples` (e.g. 100 students × 10 services). */
  subscriptionPairsMax: 1000,
  /** Students linked to a parent in one `POST users/children/{parent}`. */
  childrenPerRequestMax: 100,
  /** The users search text. */
  userSearchMax: 100,
} as const;
