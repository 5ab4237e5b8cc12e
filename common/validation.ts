import { MAX_ID } from './limits.ts';
import { z } from './zod.ts';

/**
 * Turns zod issues into the one-line messages the API answers with: `field: what is wrong`, the
 * first issue first. `details` keeps every issue for clients that show them per field.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): {
  message: string;
  details: { path: string; message: string }[];
} {
  const details = issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    // A bad key of a record is reported by zod as "Invalid key in record" (or the record's own
    // error), its key schema's message nested inside: that message says what a key must be.
    message: (issue.code === 'invalid_key' ? issue.issues[0]?.message : undefined) ?? issue.message,
  }));
  // One sentence per field (its first problem); `details` keeps them all.
  const seen = new Set<string>();
  const message = details
    .filter((d) => !seen.has(d.path) && seen.add(d.path))
    .map((d) => (d.path ? `${d.path}: ${d.message}` : d.message))
    .join('; ');
  return { message, details };
}

/** A required text field with messages that read well after the field name. */
export function text(options: { min?: number; max: number; trim?: boolean }) {
  const base = z.string({
    error: (issue) => (issue.input === undefined ? 'is required' : 'must be a text'),
  });
  const trimmed = options.trim === false ? base : base.trim();
  const min = options.min ?? 1;
  return trimmed
    .min(min, min === 1 ? 'must not be empty' : `must be at least ${min} characters`)
    .max(options.max, `must be at most ${options.max} characters`);
}

/**
 * An id: a positive PostgreSQL `integer` (at most `MAX_ID`). Digits sent as a string (`"questionId": "1"`, from a client that builds its lists with
 * `Object.entries`) are read as the number, as the original server's JSON mapper did; any other
 * string is a 400.
 */
export const idField = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value),
  z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .positive('must be positive')
    .max(MAX_ID, `must be at most ${MAX_ID}`),
);
