import type { ReactNode } from 'react';
import type { QuestionOnly, QuestionStudent } from '../../../../common/contracts/tutoring.ts';
import { questionLimits } from '../../../../common/limits.ts';
import { decodeMultiAnswer, encodeMultiAnswer } from '../../../../common/questions/rules.ts';
import { type Namespaces, useTexts } from '../../i18n/texts.ts';
import { RichText } from '../../ui/CodeBlock.tsx';
import { FormulaText } from '../../ui/FormulaText.tsx';
import { Pictures } from '../../ui/Pictures.tsx';
import { formatTimeLeft, useDateTexts } from './format.ts';
import styles from './QuestionCard.module.css';

type AnswerProps = { value: string; onChange: (value: string) => void };

type Props = {
  number: number;
  question: QuestionStudent | QuestionOnly;
  /** Answering (tutoring, review): the current answer and its setter. */
  answer?: AnswerProps;
  /** Checking (submissions): what the answer came to (`CheckResult`), and the card's colour. */
  result?: ReactNode;
  tone?: 'correct' | 'wrong' | 'unmarked';
  /** A line under the card (review: the student's last answer). */
  note?: ReactNode;
  /** Neither answering nor checking (a parent's view): the options are listed, nothing can be ticked. */
  readOnly?: boolean;
};

/** One question as the tutoring, submission and review pages show it. */
export function QuestionCard({ number, question, answer, result, tone, note, readOnly }: Props) {
  const dates = useDateTexts();
  const { tutoringTexts: t } = useTexts('tutoring');
  const headingId = `question-${number}-title`;
  const colour = tone ? styles[tone] : answer?.value ? styles.answered : '';
  const due = 'targetDate' in question ? question : null;
  return (
    <article
      id={`question-${number}`}
      className={`${styles.card} ${colour}`}
      aria-labelledby={headingId}
      tabIndex={-1}
    >
      <h2 id={headingId} className={styles.title}>
        {number}. {question.title}
      </h2>
      {question.topics.length > 0 && (
        <ul className={styles.topics} aria-label={t.topics}>
          {question.topics.map((topic) => (
            <li key={topic} className={styles.chip}>
              {topic}
            </li>
          ))}
        </ul>
      )}
      {due && (
        <p className={styles.due}>
          {t.dueAt} <time dateTime={due.targetDate}>{dates.when(due.targetDate)}</time> (
          {formatTimeLeft(due, t)})
        </p>
      )}
      <div className={styles.text}>
        <RichText text={question.question} />
      </div>
      <Pictures pictures={question.pictures} part="question" />
      {question.hint && (
        <details className={styles.hint}>
          <summary>{t.hintLabel}</summary>
          <p>
            <FormulaText text={question.hint} />
          </p>
        </details>
      )}
      {answer && <AnswerInput question={question} {...answer} labelledBy={headingId} number={number} t={t} />}
      {readOnly && !answer && !result && question.candidates.length > 0 && (
        <ol className={styles.optionList} aria-label={t.optionsOf(number)}>
          {question.candidates.map((candidate) => (
            <li key={candidate.id}>
              <RichText text={candidate.value} inline />
            </li>
          ))}
        </ol>
      )}
      {result}
      {note && <div className={styles.note}>{note}</div>}
    </article>
  );
}

function AnswerInput({
  question,
  value,
  onChange,
  number,
  t,
}: AnswerProps & {
  question: QuestionStudent | QuestionOnly;
  labelledBy: string;
  number: number;
  t: Namespaces['tutoring']['tutoringTexts'];
}) {
  if (question.type === 's') {
    const id = `answer-${question.id}`;
    const max = questionLimits.studentAnswerMax;
    const near = value.length >= max * 0.9;
    return (
      <div className={styles.answer}>
        <label htmlFor={id} className={styles.answerLabel}>
          {t.answerTo(number)}
        </label>
        <textarea
          id={id}
          className={styles.textarea}
          rows={4}
          maxLength={max}
          aria-describedby={`${id}-count`}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
        <p id={`${id}-count`} className={`${styles.counter} ${near ? styles.counterNear : ''}`}>
          {t.characters(value.length, max)}
          {value.length >= max ? t.atMost : ''}
        </p>
      </div>
    );
  }
  const multiple = question.type === 'M';
  const chosen = multiple ? (decodeMultiAnswer(value) ?? []) : [value];
  const toggle = (option: string, checked: boolean) => {
    if (!multiple) return onChange(option);
    const next = question.candidates
      .map((c) => c.value)
      .filter((v) => (v === option ? checked : chosen.includes(v)));
    onChange(next.length ? encodeMultiAnswer(next) : '');
  };
  return (
    <fieldset className={styles.options}>
      <legend className={styles.answerLabel}>{multiple ? t.chooseEvery(number) : t.chooseOne(number)}</legend>
      {question.candidates.map((candidate) => (
        <label key={candidate.id} className={styles.option}>
          <input
            type={multiple ? 'checkbox' : 'radio'}
            name={`question-${question.id}`}
            value={candidate.value}
            checked={chosen.includes(candidate.value)}
            onChange={(e) => toggle(candidate.value, e.target.checked)}
          />
          <span className={styles.optionText}>
            <RichText text={candidate.value} inline />
          </span>
        </label>
      ))}
    </fieldset>
  );
}
