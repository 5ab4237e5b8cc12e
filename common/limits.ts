/** Limits shared by the server's schemas, the pages' inputs and the boundary tests. */
export const limits = {
  emailMax: 254,
  usernameMin: 1,
  usernameMax: 40,
  passwordMin: 8,
  passwordMax: 128,
  /** Request time-out of every API call (spec 1 §9). */
  requestTimeoutMs: 20_000,
  /** Sign-in throttling: this many failures inside the window answer 429. */
  signInFailureLimit: 10,
  signInFailureWindowMinutes: 15,
  /** Sessions: sliding idle expiry with an absolute cap. */
  sessionIdleDays: 7,
  sessionAbsoluteDays: 30,
  /** Provider sign-in (issue 15): the state cookie and the one-use registration code. */
  oauthFlowMinutes: 10,
  oauthPendingMinutes: 5,
  oauthTokenMax: 200,
  /** Default JSON body cap (bytes). */
  jsonBodyLimitBytes: 1024 * 1024,
} as const;

/** Layout constants of spec 1 §9. */
export const layout = {
  headerHideThresholdPx: 50,
  mobileBreakpointPx: 480,
  contentTopPaddingPx: 68,
} as const;
