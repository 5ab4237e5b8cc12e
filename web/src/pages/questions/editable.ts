import type { QuestionOnly, QuestionPicture } from '../../../../common/contracts/tutoring.ts';
import { joinCode, splitNameList } from '../../../../common/questions/forms.ts';
import {
  type CodeLanguage,
  decodeMultiAnswer,
  encodeMultiAnswer,
  type QuestionType,
  splitCode,
} from '../../../../common/questions/rules.ts';

/**
 * A text that may carry code after the `&code:` marker, split for editing: the prose, the code
 * (null: none) and its language (null: untagged). Pages never show the marker.
 */
export type CodePart = { text: string; code: string | null; language: CodeLanguage | null };

/** One question as the modify page edits it: code in its own fields, answers chosen like Upload. */
export type Editable = {
  title: string;
  question: CodePart;
  type: QuestionType;
  options: CodePart[];
  /** m: the right option's position; M: the right ones'. */
  correct: number[];
  /** The answer of a short-answer question. */
  written: CodePart;
  explanation: string;
  hint: string;
  topics: string;
  pictures: QuestionPicture[];
};

/** What `PATCH questions/multiples` takes, in the stored encoding. */
export type WireFields = {
  title: string;
  question: string;
  type: QuestionType;
  candidates: string[];
  answer: string;
  explanation: string;
  hint: string | null;
  topics: string[];
  pictures: Pick<QuestionPicture, 'id' | 'part' | 'alt'>[];
};
export const WIRE_FIELDS: (keyof WireFields)[] = [
  'title',
  'question',
  'type',
  'candidates',
  'answer',
  'explanation',
  'hint',
  'topics',
  'pictures',
];

export const toPart = (raw: string): CodePart => splitCode(raw);
export const fromPart = (part: CodePart): string => joinCode(part.text, part.code, part.language);
export const emptyPart = (): CodePart => ({ text: '', code: null, language: null });

export function toEditable(q: QuestionOnly): Editable {
  const raw = q.candidates.map((c) => c.value);
  const chosen = q.type === 'm' ? [q.answer] : q.type === 'M' ? (decodeMultiAnswer(q.answer) ?? []) : [];
  return {
    title: q.title,
    question: toPart(q.question),
    type: q.type,
    options: raw.map(toPart),
    correct: chosen.map((value) => raw.indexOf(value)).filter((i) => i >= 0),
    written: q.type === 's' ? toPart(q.answer) : emptyPart(),
    explanation: q.explanation,
    hint: q.hint ?? '',
    topics: q.topics.join(', '),
    pictures: q.pictures,
  };
}

/** The stored encoding of an edited question. */
export function toWire(e: Editable): WireFields {
  const candidates = e.type === 's' ? [] : e.options.map(fromPart);
  const chosen = e.correct.filter((i) => i < candidates.length).map((i) => candidates[i]!);
  const answer =
    e.type === 's'
      ? fromPart(e.written)
      : e.type === 'm'
        ? (chosen[0] ?? '')
        : chosen.length
          ? encodeMultiAnswer(chosen)
          : '';
  return {
    title: e.title,
    question: fromPart(e.question),
    type: e.type,
    candidates,
    answer,
    explanation: e.explanation,
    hint: e.hint.trim() ? e.hint : null,
    topics: splitNameList(e.topics),
    pictures: e.pictures.map(({ id, part, alt }) => ({ id, part, alt: alt.trim() })),
  };
}

/**
 * The fields an edit changed, compared in the stored encoding (both sides through the same split
 * and join, so opening a question and leaving it alone is never a change).
 */
export function changedFields(
  original: Editable,
  edited: Editable,
): { before: WireFields; after: WireFields; fields: (keyof WireFields)[] } {
  const before = toWire(original);
  const after = toWire(edited);
  return {
    before,
    after,
    fields: WIRE_FIELDS.filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f])),
  };
}
