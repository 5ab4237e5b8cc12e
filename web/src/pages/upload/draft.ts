import type * as authoring from '../../../../common/authoringTexts.ts';
import type { QuestionPicture } from '../../../../common/contracts/tutoring.ts';
import { parseDateTime } from '../../../../common/dates.ts';
import type { Translation } from '../../../../common/i18n/translation.ts';
import {
  checkOptionsAndAnswer,
  dueDateReason,
  dueDateText,
  ruleText,
} from '../../../../common/questions/checks.ts';
import { joinCode, splitNameList } from '../../../../common/questions/forms.ts';
import { CODE_MARKER, type CodeLanguage, encodeMultiAnswer } from '../../../../common/questions/rules.ts';
import type { NewQuestion } from '../../api/authoring.ts';

/** A picture of a question being written: uploaded already, with its alt text as typed. */
export type DraftPicture = QuestionPicture;

/** The first picture without alt text, by its number from 1 (null when all have it). */
export function pictureWithoutAlt(pictures: readonly DraftPicture[]): number | null {
  const index = pictures.findIndex((p) => !p.alt.trim());
  return index === -1 ? null : index + 1;
}

/** One question being written on the upload page. */
export type Draft = {
  title: string;
  question: string;
  code: string;
  language: CodeLanguage;
  type: '' | 'm' | 'M' | 's';
  optionCount: number;
  options: { value: string; isCode: boolean }[];
  /** m: the index of the right option; M: the indexes; s: `answerText`. */
  correct: number[];
  answerText: string;
  answerIsCode: boolean;
  hint: string;
  topics: string;
  explanation: string;
  dueDate: string;
  students: string[];
  /** Uploaded already; each needs its alt text before the question is saved. */
  pictures: DraftPicture[];
};

export const LOCKABLE = [
  'title',
  'question',
  'code',
  'type',
  'options',
  'answer',
  'hint',
  'topics',
  'explanation',
  'dueDate',
  'students',
] as const;
export type Lockable = (typeof LOCKABLE)[number];

export function blankDraft(): Draft {
  return {
    title: '',
    question: '',
    code: '',
    language: 'java',
    type: '',
    optionCount: 4,
    options: Array.from({ length: 5 }, () => ({ value: '', isCode: false })),
    correct: [],
    answerText: '',
    answerIsCode: false,
    hint: '',
    topics: '',
    explanation: '',
    dueDate: '',
    students: [],
    pictures: [],
  };
}

/** Whether anything has been written in a draft (closing its tab then asks first). */
export function isWritten(draft: Draft): boolean {
  const blank = blankDraft();
  return JSON.stringify({ ...draft, language: blank.language }) !== JSON.stringify(blank);
}

/** A fresh draft that keeps the locked fields of `from`. */
export function keepLocked(from: Draft, locks: ReadonlySet<Lockable>): Draft {
  const next = blankDraft();
  if (locks.has('title')) next.title = from.title;
  if (locks.has('question')) next.question = from.question;
  if (locks.has('code')) {
    next.code = from.code;
    next.language = from.language;
  }
  if (locks.has('type')) next.type = from.type;
  if (locks.has('options')) {
    next.options = from.options.map((o) => ({ ...o }));
    next.optionCount = from.optionCount;
  }
  if (locks.has('answer')) {
    next.correct = [...from.correct];
    next.answerText = from.answerText;
    next.answerIsCode = from.answerIsCode;
  }
  if (locks.has('hint')) next.hint = from.hint;
  if (locks.has('topics')) next.topics = from.topics;
  if (locks.has('explanation')) next.explanation = from.explanation;
  if (locks.has('dueDate')) next.dueDate = from.dueDate;
  if (locks.has('students')) next.students = [...from.students];
  return next;
}

const asCode = (value: string, isCode: boolean) =>
  isCode && !value.startsWith(CODE_MARKER) ? `${CODE_MARKER}${value}` : value;

export function optionValues(draft: Draft): string[] {
  return draft.options.slice(0, draft.optionCount).map((o) => asCode(o.value, o.isCode));
}

/**
 * The stored answer text of a draft (for M: the JSON array of the chosen options). Before a type is
 * chosen the page shows the written answer's field, so that is the answer (and a missing type is
 * reported as such, not as a missing answer).
 */
export function answerOf(draft: Draft): string {
  if (draft.type === 's' || draft.type === '') return asCode(draft.answerText, draft.answerIsCode);
  const values = optionValues(draft);
  const chosen = draft.correct.filter((i) => i < draft.optionCount).map((i) => values[i]!);
  if (draft.type === 'm') return chosen[0] ?? '';
  return chosen.length ? encodeMultiAnswer(chosen) : '';
}

/**
 * The upload form's checks in their fixed order, each with its alert (answer, title, type,
 * explanation, question, target date), then the question rules and the due date window. The due
 * date is read in the app's zone (`timeZone`), as the server reads dates without an offset (one
 * rule, not the browser's zone). Answers the first problem (in the language of `texts`), or the
 * request.
 */
export function checkDraft(
  draft: Draft,
  now: Date,
  timeZone: string,
  texts: Translation<typeof authoring>,
): { problem: string } | { question: NewQuestion } {
  const { uploadTexts: t, questionTexts, questionRuleTexts, pictureTexts } = texts;
  const answer = answerOf(draft);
  if (!answer.trim()) return { problem: t.answerMissing };
  if (!draft.title.trim()) return { problem: t.titleMissing };
  if (!draft.type) return { problem: t.typeMissing };
  if (!draft.explanation.trim()) return { problem: t.explanationMissing };
  if (!draft.question.trim()) return { problem: t.questionMissing };
  if (!draft.dueDate) return { problem: t.targetDateMissing };
  const due = parseDateTime(draft.dueDate, timeZone);
  if (!due) return { problem: t.targetDateMissing };
  const dueReason = dueDateReason(due, now);
  if (dueReason) return { problem: t.dueDateProblem(dueDateText(questionRuleTexts, dueReason)) };
  const rules = checkOptionsAndAnswer(draft.type, draft.type === 's' ? [] : optionValues(draft), answer);
  if (!rules.ok) {
    const field = rules.field === 'answer' ? questionTexts.answer : questionTexts.options;
    return { problem: t.ruleProblem(field, ruleText(questionRuleTexts, rules.reason, draft.type)) };
  }
  const withoutAlt = pictureWithoutAlt(draft.pictures);
  if (withoutAlt !== null) return { problem: pictureTexts.altMissing(withoutAlt) };
  return {
    question: {
      title: draft.title.trim(),
      question: joinCode(draft.question, draft.code.trim() ? draft.code : null, draft.language),
      type: draft.type,
      candidates: rules.options,
      hint: draft.hint.trim() || null,
      students: draft.students,
      topics: splitNameList(draft.topics),
      answer: rules.answer,
      explanation: draft.explanation,
      generatedDate: now.toISOString(),
      targetDate: due.toISOString(),
      pictures: draft.pictures.map(({ id, part, alt }) => ({ id, part, alt: alt.trim() })),
    },
  };
}
