import type { Translation } from './i18n/translation.ts';
import { MAX_ID } from './limits.ts';
import { validationTexts } from './validationTexts.ts';
import { z } from './zod.ts';

/** The words of a problem: common/validationTexts.ts, or its mirror in another language. */
export type ValidationTexts = Translation<typeof validationTexts>;

/**
 * A problem as a function of the texts, so a parse can word it in its own language; zod's issue is
 * there for a text that names the value (`bulkTooMany(100, 120)`).
 */
export type ProblemWords = (texts: ValidationTexts, issue: z.core.$ZodRawIssue) => string;

/** The words of each schema's own problem (`says`), by the error map zod keeps in the schema. */
const wordsOf = new WeakMap<object, ProblemWords>();

/** A text of the table by its name, with its values: `says('atMostCharacters', 200)`. */
type TextName = keyof ValidationTexts;
type ValuesOf<K extends TextName> = ValidationTexts[K] extends (...values: infer V) => string ? V : [];

/**
 * A schema's own problem, given where zod takes an error (`z.string(says('text'))`,
 * `.max(n, says('atMostCharacters', n))`, `.refine(ok, { path, ...says('notEmpty') })`), by the
 * name of its text and the text's values, or as a function of the texts. zod asks the schema's map
 * first; this one answers nothing, so zod asks the parse's map next (`wordsIn`), which finds these
 * words and says them in the parse's language.
 */
export function says<K extends TextName>(name: K, ...values: ValuesOf<K>): { error: z.core.$ZodErrorMap };
export function says(words: ProblemWords): { error: z.core.$ZodErrorMap };
export function says(named: TextName | ProblemWords, ...values: unknown[]): { error: z.core.$ZodErrorMap } {
  const words: ProblemWords =
    typeof named === 'function'
      ? named
      : (texts) => {
          const text = texts[named];
          return typeof text === 'function' ? (text as (...values: unknown[]) => string)(...values) : text;
        };
  const error: z.core.$ZodErrorMap = () => undefined;
  wordsOf.set(error, words);
  return { error };
}

/** The same for an issue a transform or a refinement adds itself (`ctx.addIssue(customProblem(…))`). */
export function customProblem(words: ProblemWords, path?: PropertyKey[]) {
  return { code: 'custom' as const, ...(path ? { path } : {}), params: { words } };
}

/** The words a schema gave an issue: its own (`customProblem`), else those of what raised it or its owner. */
function wordsFor(issue: z.core.$ZodRawIssue): ProblemWords | undefined {
  const own = issue.code === 'custom' ? (issue.params?.words as ProblemWords | undefined) : undefined;
  if (own) return own;
  // zod's own order: the check or schema that raised the issue, then the schema it belongs to.
  for (const owner of [issue.inst, issue.schema]) {
    const error = owner?._zod.def.error;
    const words = error ? wordsOf.get(error) : undefined;
    if (words) return words;
  }
  return undefined;
}

/**
 * A parse's error map in one language (`schema.safeParse(value, { error: wordsIn(texts) })`): each
 * problem a schema words itself, with `texts`; any other, zod's own, from `zodWords` (zod's locale of
 * that language), or zod's English without it.
 */
export function wordsIn(texts: ValidationTexts, zodWords?: z.core.$ZodErrorMap): z.core.$ZodErrorMap {
  return (issue) => {
    const words = wordsFor(issue);
    return words ? words(texts, issue) : zodWords?.(issue);
  };
}

// A parse without a map of its own (the contracts' tests, the command line) words its problems in
// English. zod asks this global map after the parse's, so a parse in another language is not affected.
z.config({ customError: wordsIn(validationTexts) });

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
  const base = z.string(says((t, issue) => (issue.input === undefined ? t.required : t.text)));
  const trimmed = options.trim === false ? base : base.trim();
  const min = options.min ?? 1;
  return trimmed
    .min(min, min === 1 ? says('notEmpty') : says('atLeastCharacters', min))
    .max(options.max, says('atMostCharacters', options.max));
}

/**
 * An id: a positive PostgreSQL `integer` (at most `MAX_ID`). Digits sent as a string (`"questionId": "1"`, from a client that builds its lists with
 * `Object.entries`) are read as the number, as the original server's JSON mapper did; any other
 * string is a 400.
 */
export const idField = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value),
  z
    .number(says('number'))
    .int(says('wholeNumber'))
    .positive(says('positive'))
    .max(MAX_ID, says('atMost', MAX_ID)),
);
