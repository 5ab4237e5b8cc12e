import { useState } from 'react';
import type { QuestionOnly, QuestionStudent } from '../../../../common/contracts/tutoring.ts';
import { parseDateTime } from '../../../../common/dates.ts';
import { joinCode } from '../../../../common/questions/forms.ts';
import { autoMark, CODE_MARKER } from '../../../../common/questions/rules.ts';
import { useTexts } from '../../i18n/texts.ts';
import { CheckResult, toneOf } from '../tutoring/CheckResult.tsx';
import { QuestionCard } from '../tutoring/QuestionCard.tsx';
import { answerOf, type Draft } from './draft.ts';
import styles from './UploadPage.module.css';

/** The question being written as the student will get it: with its due date's time left. */
export function studentView(draft: Draft, zone: string, now: Date, noTitle: string): QuestionStudent {
  const due = parseDateTime(draft.dueDate, zone) ?? new Date(now.getTime() + 86_400_000);
  const minutes = Math.max(0, Math.floor((due.getTime() - now.getTime()) / 60_000));
  const options = draft.type === 'm' || draft.type === 'M' ? draft.options.slice(0, draft.optionCount) : [];
  return {
    id: 0,
    title: draft.title || noTitle,
    question: joinCode(draft.question, draft.code.trim() ? draft.code : null, draft.language),
    type: draft.type || 's',
    candidates: options.map((o, i) => ({
      id: i + 1,
      value: o.isCode ? `${CODE_MARKER}${o.value}` : o.value,
    })),
    hint: draft.hint.trim() || null,
    generatedDate: now.toISOString(),
    topics: draft.topics
      .split(',')
      .map((t) => t.trim().toLowerCase())
      .filter(Boolean),
    pictures: draft.pictures.filter((p) => p.part === 'question'),
    targetDate: due.toISOString(),
    minLeft: minutes,
    hourLeft: Math.floor(minutes / 60),
    dayLeft: Math.floor(minutes / 1440),
  };
}

/**
 * Preview Question & Submission: the question as the student will see it — text, code,
 * options, hint, due date — where the teacher may try an answer, then the submission card that
 * answer would give.
 */
export function UploadPreview({ draft, zone, number }: { draft: Draft; zone: string; number: number }) {
  const { uploadTexts: t } = useTexts('authoring');
  const [tried, setTried] = useState('');
  const now = new Date();
  const question = studentView(draft, zone, now, t.noTitle);
  const answer = answerOf(draft);
  const withAnswer: QuestionOnly = {
    ...question,
    pictures: draft.pictures,
    answer,
    explanation: draft.explanation,
  };
  const given = tried || answer;
  const marked = autoMark(question.type, answer, given);
  return (
    <section aria-labelledby="preview-title" className={styles.preview}>
      <h2 id="preview-title">{t.previewHeading}</h2>
      <h3>{t.asStudentSees}</h3>
      <QuestionCard number={number} question={question} answer={{ value: tried, onChange: setTried }} />
      <h3>{t.afterSubmitting(tried !== '')}</h3>
      <QuestionCard
        number={number}
        question={withAnswer}
        tone={toneOf(marked)}
        result={
          <CheckResult
            question={withAnswer}
            check={{ studentAnswer: given, marked, submitDate: now.toISOString() }}
          />
        }
      />
    </section>
  );
}
