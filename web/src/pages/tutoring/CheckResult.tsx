import type { QuestionOnly } from '../../../../common/contracts/tutoring.ts';
import type { Mark } from '../../../../common/questions/rules.ts';
import { useTexts } from '../../i18n/texts.ts';
import { AnswerText } from '../../ui/AnswerText.tsx';
import { FormulaText } from '../../ui/FormulaText.tsx';
import { Pictures } from '../../ui/Pictures.tsx';
import styles from './CheckResult.module.css';
import { useDateTexts } from './format.ts';

export type Checked = { studentAnswer: string; marked: Mark; submitDate: string; redo?: boolean };

const markText = { 1: 'correct', [-1]: 'wrong', 0: 'notMarked' } as const satisfies Record<Mark, string>;

/** The card's colour for a mark (QuestionCard's `tone`). */
export const toneOf = (marked: Mark) => (marked === 1 ? 'correct' : marked === -1 ? 'wrong' : 'unmarked');

/**
 * What a submitted answer came to (check mode: the Submissions page, the upload preview): the
 * student's answer, the right one, the mark, when, and the explanation. A module of its own, outside
 * the tutoring chunk, so a first visit of /tutoring/{name} does not carry it.
 */
export function CheckResult({ question, check }: { question: QuestionOnly; check: Checked }) {
  const dates = useDateTexts();
  const { check: t } = useTexts('submissions').submissionTexts;
  return (
    <dl className={styles.result}>
      <dt>{t.yourAnswer}</dt>
      <dd className={styles.value}>
        <AnswerText type={question.type} answer={check.studentAnswer} />
      </dd>
      <dt>{t.correctAnswer}</dt>
      <dd className={styles.value}>
        <AnswerText type={question.type} answer={question.answer} />
      </dd>
      <dt>{t.result}</dt>
      <dd>
        {t[markText[check.marked]]}
        {check.redo ? t.redo : ''}
      </dd>
      <dt>{t.submitted}</dt>
      <dd>
        <time dateTime={check.submitDate}>{dates.when(check.submitDate)}</time>
      </dd>
      <dt>{t.explanation}</dt>
      <dd className={styles.value}>
        <FormulaText text={question.explanation} />
        <Pictures pictures={question.pictures} part="explanation" />
      </dd>
    </dl>
  );
}
