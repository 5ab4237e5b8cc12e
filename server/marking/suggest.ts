import type { MarkSuggestion } from '../../common/contracts/tutoring.ts';
import { answerKey, answerMode, modelMatch } from '../../common/questions/normalise.ts';
import type { QuestionType } from '../../common/questions/rules.ts';

/** A teacher's earlier marks on one question's answers: how many of each, by normalised answer. */
export type EarlierMarks = Map<string, { correct: number; wrong: number }>;

/**
 * The earlier marks of each question, keyed by the normalised answer (common/questions/normalise.ts,
 * compared as the question's model answer says: text or code). Answers whose key is empty (only
 * punctuation or space) are left out: they say nothing about another answer.
 */
export function earlierMarksByQuestion(
  rows: readonly { questionId: number; studentAnswer: string; marked: number; count: number }[],
  modelAnswers: ReadonlyMap<number, string>,
): Map<number, EarlierMarks> {
  const byQuestion = new Map<number, EarlierMarks>();
  for (const row of rows) {
    const model = modelAnswers.get(row.questionId);
    if (model === undefined || row.marked === 0) continue;
    const key = answerKey(row.studentAnswer, answerMode(model));
    if (key === '') continue;
    const marks = byQuestion.get(row.questionId) ?? new Map();
    byQuestion.set(row.questionId, marks);
    const tally = marks.get(key) ?? { correct: 0, wrong: 0 };
    if (row.marked === 1) tally.correct += row.count;
    else tally.wrong += row.count;
    marks.set(key, tally);
  }
  return byQuestion;
}

/**
 * The mark the inbox suggests for a short answer, or null. In order:
 * 1. the model answer to the letter: correct;
 * 2. answers with the same normalised text marked before (by any teacher): their mark when they all
 *    got the same one; when they were marked both ways, no suggestion at all — the teacher's own
 *    marks disagree, so neither they nor the model answer decide;
 * 3. the model answer apart from case, spacing and punctuation (text) or white space (code): correct;
 * 4. nothing.
 * The teacher's earlier marks come before a normalised match: they are the teacher's own judgement
 * of this very text (a teacher who marked `paris` wrong for `Paris` wants case to count).
 * Multiple-choice answers are marked automatically and get none.
 */
export function suggestMark(
  question: { type: QuestionType; answer: string },
  studentAnswer: string,
  earlier: EarlierMarks | undefined,
): MarkSuggestion | null {
  if (question.type !== 's') return null;
  const match = modelMatch(question.answer, studentAnswer);
  if (match === 'exact') return { mark: 1, reason: 'exact', count: 0 };
  const key = answerKey(studentAnswer, answerMode(question.answer));
  const before = key === '' ? undefined : earlier?.get(key);
  if (before && before.correct > 0 && before.wrong > 0) return null;
  if (before && before.correct > 0) return { mark: 1, reason: 'earlier', count: before.correct };
  if (before && before.wrong > 0) return { mark: -1, reason: 'earlier', count: before.wrong };
  return match ? { mark: 1, reason: match, count: 0 } : null;
}
