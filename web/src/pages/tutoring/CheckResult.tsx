import type { QuestionOnly } from '../../../../common/contracts/tutoring.ts';
import type { Mark } from '../../../../common/questions/rules.ts';
import { AnswerText } from '../../ui/AnswerText.tsx';
import styles from './CheckResult.module.css';
import { useDateTexts } from './format.ts';

export type Checked = { studentAnswer: string; marked: Mark; submitDate: string; redo?: boolean };

const markText: Record<Mark, string> = { 1: 'Correct', [-1]: 'Wrong', 0: 'Not marked yet' } as Record<
  Mark,
  string
>;

/** The card's colour for a mark (QuestionCard's `tone`). */
export const toneOf = (marked: Mark) => (marked === 1 ? 'correct' : marked === -1 ? 'wrong' : 'unmarked');

/**
 * What a submitted answer came to (check mode: the Submissions page, the upload preview): the
 * student's answer, the right one, the mark, when, and the explanation. A module of its own, outside
 * the tutoring chunk, so a first visit of /tutoring/{name} does not carry it.
 */
export function CheckResult({ question, check }: { question: QuestionOnly; check: Checked }) {
  const dates = useDateTexts();
  return (
    <dl className={styles.result}>
      <dt>Your answer</dt>
      <dd className={styles.value}>
        <AnswerText type={question.type} answer={check.studentAnswer} />
      </dd>
      <dt>Correct answer</dt>
      <dd className={styles.value}>
        <AnswerText type={question.type} answer={question.answer} />
      </dd>
      <dt>Result</dt>
      <dd>
        {markText[check.marked]}
        {check.redo ? ' (redo)' : ''}
      </dd>
      <dt>Submitted</dt>
      <dd>
        <time dateTime={check.submitDate}>{dates.when(check.submitDate)}</time>
      </dd>
      <dt>Explanation</dt>
      <dd className={styles.value}>{question.explanation}</dd>
    </dl>
  );
}
