import { textsNow } from '../i18n/texts.ts';
import { isApiError } from './client.ts';

/**
 * The one rule for the words a failed call shows, so that every page says the same thing for the
 * same failure (docs/architecture.md, "Errors and messages"). Every page's handler goes through
 * here, signed-in pages through `useApiFailure` (layout/useApiFailure.ts), which first moves the
 * user on 401 and 403. Everything else is a sentence:
 * - the server could not be reached or did not answer in time: the client's own words;
 * - a 404 on a page that names what was not found (`notFound`): those words;
 * - any other 4xx: what the server says is wrong. When it lists problems (`details`), each becomes
 *   words — "Question 8: Title must not be empty" through the page's `item` labeller for a request
 *   position (`[7].title`, `7.title`), "Title must not be empty" for a field — never a raw index or
 *   field path; otherwise its message (a sentence such as 'Email is already in use!');
 * - 503: the server's message (busy: it says when to try again);
 * - other 5xx or anything unexpected: the page's generic text.
 */
export type FailureWords = {
  /** The generic text for this page (5xx, unexpected errors). */
  fallback: string;
  /**
   * How the page names the item at a request position (e.g. `Question 8`). It is given the path's
   * 0-based index; words that number the item count from 1, as the default does (`[0]` is Item 1).
   */
  item?: (index: number) => string;
  /** How the page names a request key that is an id (drafts: `changes.<questionId>.answer`). */
  keyed?: (key: string) => string;
  /** Words for a 404 (e.g. "There is no student named bob."). */
  notFound?: string;
};

/**
 * Messages that read on after a field name ("must not be empty"); others stand alone. The server's
 * Korean problems (Accept-Language, common/i18n/ko/validationTexts.ts) follow the field's name too, except
 * those that name a question themselves ('문제 3은(는) …', '번호가 3인 문제가 없습니다').
 */
const CONTINUES =
  /^(must|is|are|was|were|has|have|contains|cannot|should|needs)\b|^(?!문제 \d|번호가 ).*[\uac00-\ud7a3]/;

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** One `details` entry in words: `Question 8: Title must not be empty`. */
export function describeDetail(
  detail: { path: string; message: string },
  words: Partial<FailureWords> = {},
): string {
  // `[2].title`, `2.title` (zod), `changes.123.answer` (keyed maps), or a plain field.
  const parts = detail.path
    .replace(/^\[(\d+)\]\.?/, '$1.')
    .split('.')
    .filter(Boolean);
  const { fieldTexts } = textsNow();
  let prefix = '';
  if (parts.length > 0 && /^\d+$/.test(parts[0]!)) {
    // People count from 1: the path's `[0]` is Item 1 (as the bulk upload's cards and the server's
    // refusal name it).
    const item = words.item ?? ((index: number) => fieldTexts.item(index + 1));
    prefix = `${item(Number(parts.shift()))}: `;
  } else if (parts[0] === 'changes' && parts.length > 1 && words.keyed) {
    parts.shift();
    prefix = `${words.keyed(parts.shift()!)}: `;
  }
  const field = parts.filter((p) => !/^\d+$/.test(p)).at(-1);
  const labels: Partial<Record<string, string>> = fieldTexts.labels;
  const label = field ? (labels[field] ?? capitalise(field)) : '';
  const sentence =
    label && CONTINUES.test(detail.message)
      ? fieldTexts.problem(label, detail.message)
      : capitalise(detail.message);
  return `${prefix}${sentence}`;
}

/** The words to show for a failed call (not 401/403, which move the user elsewhere). */
export function failureMessage(error: unknown, words: FailureWords): string {
  if (!isApiError(error)) return words.fallback;
  if (error.status === 0) return error.message;
  if (error.status === 404 && words.notFound) return words.notFound;
  if (error.status >= 400 && error.status < 500) {
    const details = error.body?.details ?? [];
    if (details.length > 0) return [...new Set(details.map((d) => describeDetail(d, words)))].join('\n');
    return error.message;
  }
  if (error.status === 503) return error.message;
  return words.fallback;
}
