import { inLanguage, type KnownText, type LocalText } from './i18n/texts.ts';

/**
 * Failures a service reports on purpose. The HTTP layer turns them into `{status, error, message}`
 * answers (server/http/errors.ts); anything else thrown is a bug and becomes a logged 500.
 */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

/**
 * An answer's words: a fixed text of common/messages.ts (in English; sent in the request's language,
 * server/i18n/texts.ts), or, for a text with values, a function of the texts. A string written in
 * place is not a `KnownText`, so it fails the typecheck rather than reach a Korean page in English.
 */
export type Text = KnownText | LocalText;

/**
 * A field-level problem (`details` of an answer): where, and its words, typed like an answer's own
 * (a fixed text of the shared texts, or a function of the texts) so each has its Korean.
 */
export type Detail = { path: string; message: Text };

export class AppError extends Error {
  readonly status: ErrorStatus;
  /** The words to send, in the request's language (`message` holds them in English, for the log). */
  readonly text: Text;
  /** Field-level problems; each message sent in the request's language too. */
  readonly details: Detail[] | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(status: ErrorStatus, message: Text, details?: Detail[], headers?: Record<string, string>) {
    super(inLanguage(message, 'en'));
    this.text = message;
    this.status = status;
    this.details = details;
    this.headers = headers;
  }
}

export const badRequest = (message: Text, details?: Detail[]) => new AppError(400, message, details);
export const unauthorized = (message: Text) => new AppError(401, message);
export const forbidden = (message: Text) => new AppError(403, message);
export const notFound = (message: Text) => new AppError(404, message);
export const conflict = (message: Text) => new AppError(409, message);

/** The constraint name when `error` (or its cause) is a PostgreSQL unique violation, else null. */
export function uniqueViolation(error: unknown): string | null {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; ) {
    if (e.code === '23505') return e.constraint ?? '';
    e = e.cause as typeof e;
  }
  return null;
}

/**
 * An answer that is not what its route's response contract says (http/route.ts, CHECK_RESPONSES):
 * a fault of the server, a 500 logged with why; the 500 lists the differences in `details`, since
 * only tests and development check answers.
 */
export class ResponseContractError extends Error {
  readonly problems: readonly string[];
  constructor(route: string, problems: readonly string[]) {
    super(`The answer of ${route} does not match its response contract: ${problems.join('; ')}`);
    this.name = 'ResponseContractError';
    this.problems = problems;
  }
}
