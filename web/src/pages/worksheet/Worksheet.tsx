import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { QuestionOnly, QuestionStudent } from '../../../../common/contracts/tutoring.ts';
import { MAX_PAGE_SIZE } from '../../../../common/limits.ts';
import { API_BASE } from '../../api/client.ts';
import { tutoringApi } from '../../api/tutoring.ts';
import { pendingWithAnswers } from '../../api/worksheet.ts';
import { useTexts } from '../../i18n/texts.ts';
import { ownHomePage, useApiFailure } from '../../layout/useApiFailure.ts';
import { AnswerText } from '../../ui/AnswerText.tsx';
import { Button } from '../../ui/Button.tsx';
import { RichText } from '../../ui/CodeBlock.tsx';
import styles from './Worksheet.module.css';

type SheetQuestion = QuestionStudent | QuestionOnly;

/**
 * A question's pictures on the sheet, loaded at once (not lazily) so that all are there to print.
 * The explanation's pictures belong with the answers, not on the sheet.
 */
function SheetPictures({ pictures }: { pictures: SheetQuestion['pictures'] }) {
  return pictures.map(
    (picture) =>
      picture.part === 'question' && (
        <img
          key={picture.id}
          className={styles.picture}
          src={`${API_BASE}/pictures/${picture.id}`}
          alt={picture.alt}
          width={picture.width}
          height={picture.height}
        />
      ),
  );
}

/**
 * A printable worksheet, shown in place of the page that opened it (the archive: the ticked
 * questions; the Teacher page: a student's pending ones) and loaded only then: an A4 sheet to
 * answer by hand, numbered, with its formulas and pictures and room to write, and on request an
 * answer key on a page of its own (archive questions carry their answers; a student's pending ones
 * are fetched with theirs from the archive only then). The header, these controls and toasts are
 * not printed.
 */
export function Worksheet({
  name,
  picked,
  onClose,
}: {
  /** The student whose pending questions to print… */
  name?: string;
  /** … or the questions ticked in the archive. */
  picked?: QuestionOnly[];
  onClose: () => void;
}) {
  const { worksheetTexts: t } = useTexts('authoring');
  const { appLoadTexts } = useTexts('messages');
  const onFailure = useApiFailure({ forbiddenTo: ownHomePage });
  const [withKey, setWithKey] = useState(false);
  const pending = useQuery({
    queryKey: ['worksheet', (name ?? '').toLowerCase()],
    queryFn: () => tutoringApi.pendingQuestions(name ?? '', { page: 0, size: MAX_PAGE_SIZE }),
    enabled: name !== undefined,
  });
  // The same questions with their answers: the archive's read, staff's like the Teacher page.
  const withAnswers = useQuery({
    queryKey: ['worksheet-key', (name ?? '').toLowerCase()],
    queryFn: () => pendingWithAnswers(name ?? ''),
    enabled: name !== undefined && withKey,
  });
  const failure = pending.error ?? withAnswers.error;
  useEffect(() => {
    if (failure) onFailure(failure);
  }, [failure, onFailure]);

  const questions: SheetQuestion[] | undefined = name ? pending.data?.content : (picked ?? []);
  const answers = name ? withAnswers.data?.content : picked;
  const answerOf = new Map(answers?.map((q) => [q.id, q]));
  return (
    <div className={styles.page}>
      <div className={styles.controls}>
        <Button size="sm" variant="ghost" onClick={onClose}>
          {t.back}
        </Button>
        <label className={styles.key}>
          <input type="checkbox" checked={withKey} onChange={(e) => setWithKey(e.target.checked)} />{' '}
          {t.withAnswerKey}
        </label>
        <Button size="sm" variant="primary" onClick={() => window.print()} disabled={!questions?.length}>
          {t.print}
        </Button>
        <p className={styles.muted}>{t.printHint}</p>
      </div>
      <article className={styles.sheet} aria-labelledby="worksheet-title">
        <header className={styles.sheetHead}>
          <h1 id="worksheet-title">{name ? t.forStudent(name) : t.heading}</h1>
          {questions && <p>{t.count(questions.length)}</p>}
          <p className={styles.blanks}>
            <span>{t.name}:</span>
            <span>{t.date}:</span>
          </p>
        </header>
        {questions === undefined && <p role="status">{appLoadTexts.loading}</p>}
        {questions?.length === 0 && <p>{t.nothing}</p>}
        <ol className={styles.questions}>
          {questions?.map((question, index) => (
            <li key={question.id} className={styles.question}>
              <h2>
                {index + 1}. {question.title}
              </h2>
              <RichText text={question.question} />
              <SheetPictures pictures={question.pictures} />
              {question.type === 'M' && <p className={styles.several}>{t.several}</p>}
              {question.candidates.length > 0 ? (
                <ol className={styles.options} aria-label={t.options}>
                  {question.candidates.map((candidate) => (
                    <li key={candidate.id}>
                      <RichText text={candidate.value} inline />
                    </li>
                  ))}
                </ol>
              ) : (
                // Room to write the answer by hand.
                <div className={styles.space} aria-hidden="true" />
              )}
            </li>
          ))}
        </ol>
      </article>
      {withKey && questions && questions.length > 0 && (
        <section className={styles.answerKey} aria-labelledby="answer-key">
          <h2 id="answer-key">{t.answerKey}</h2>
          {answers === undefined && <p role="status">{appLoadTexts.loading}</p>}
          <ol>
            {questions.map((question, index) => {
              // Numbered as on the sheet; one answered since it was loaded is left out.
              const full = answerOf.get(question.id);
              return (
                full && (
                  <li key={question.id}>
                    <strong>
                      {index + 1}. {question.title}
                    </strong>
                    : <AnswerText type={full.type} answer={full.answer} />
                  </li>
                )
              );
            })}
          </ol>
        </section>
      )}
    </div>
  );
}
