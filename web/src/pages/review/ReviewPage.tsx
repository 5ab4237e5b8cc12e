import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { SubmissionQuestion } from '../../../../common/contracts/tutoring.ts';
import { isApiError } from '../../api/client.ts';
import { useReviewCounts } from '../../api/review.ts';
import { type AnswerToSend, tutoringApi, tutoringKeys } from '../../api/tutoring.ts';
import { useTexts } from '../../i18n/texts.ts';
import { PageFooter, PageSizeSelect } from '../../layout/Pager.tsx';
import { ownHomePage, useApiFailure } from '../../layout/useApiFailure.ts';
import { usePageParams } from '../../layout/usePageParams.ts';
import { PreloadLink } from '../../routing/PreloadLink.tsx';
import { AnswerText } from '../../ui/AnswerText.tsx';
import { Button } from '../../ui/Button.tsx';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { QuestionCard } from '../tutoring/QuestionCard.tsx';
import styles from '../tutoring/TutoringPage.module.css';
import { draftStatusText } from '../tutoring/TutoringPage.tsx';
import { useDrafts } from '../tutoring/useDrafts.ts';
import { useViewer } from '../tutoring/viewer.ts';

/**
 * /review/{name}: questions whose latest answer is wrong, to redo. Ticks are kept as
 * drafts like on the tutoring page; a correct redo takes a question off the list, and the page shows
 * which redos were right. With spaced review what is due today comes first, to redo, with
 * its count; the questions coming back later follow, read-only, each with its day.
 */
export function ReviewPage() {
  const { failureTexts, appLoadTexts } = useTexts('messages');
  const { reviewTexts } = useTexts('review');
  const { tutoringTexts: t } = useTexts('tutoring');
  const { submissionTexts: sent } = useTexts('submissions');
  const words = sent.review;
  const { name = '' } = useParams();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const { showToast } = useToast();
  const onFailure = useApiFailure({ forbiddenTo: ownHomePage });
  const { page, size, setPage, setSize } = usePageParams();
  const viewer = useViewer(name);
  const drafts = useDrafts(name, { enabled: viewer.canAnswer });
  const { answers } = drafts;
  const [results, setResults] = useState<SubmissionQuestion[]>([]);
  const [busy, setBusy] = useState(false);

  const query = useQuery({
    queryKey: tutoringKeys.review(name, page, size),
    queryFn: () => tutoringApi.review(name, { page, size }),
  });
  useEffect(() => {
    if (query.error) onFailure(query.error);
  }, [query.error, onFailure]);

  // The same cached count as the header's badge (one request for both).
  const counts = useReviewCounts(name);

  const listed = query.data?.content ?? [];
  // Due today (or without a schedule) to redo; the rest come back later and are only shown.
  const shown = listed.filter((s) => s.review?.due !== false);
  const later = listed.filter((s) => s.review?.due === false);
  const onPage = shown.map((s) => s.question.id);
  const numberOf = (questionId: number | string) => page * size + onPage.indexOf(Number(questionId)) + 1;
  const label = (questionId: number | string) => t.questionLabel(numberOf(questionId));
  const allAnswered = shown.length > 0 && onPage.every((id) => answers[String(id)]);

  const submit = async () => {
    if (!allAnswered) return showToast(words.solveAll);
    if (!(await confirm(sent.confirmSubmit))) return;
    setBusy(true);
    try {
      const overwritten = await drafts.flush();
      if (overwritten.length > 0) {
        showToast(sent.changedElsewhere(overwritten.map(label).join(', ')));
        return;
      }
      const current = drafts.current();
      const items: AnswerToSend[] = onPage.map((id) => ({
        questionId: id,
        studentAnswer: current[String(id)] ?? '',
        draftVersion: drafts.versionOf(id),
      }));
      const created = await tutoringApi.redo(name, items);
      drafts.forget(onPage);
      setResults(created);
      const right = created.filter((s) => s.marked === 1).length;
      showToast(words.redone(right, created.length), 'success');
      await queryClient.invalidateQueries({ queryKey: ['review', name.toLowerCase()] });
    } catch (error) {
      if (isApiError(error, 401))
        return onFailure(error, { unauthorizedText: failureTexts.sessionExpiredOnSubmit });
      onFailure(error, {
        item: (index) => label(onPage[index] ?? 0),
        keyed: label,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.layout} style={{ gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <div className={styles.main}>
        <div className={styles.titleCard}>
          <h1 className={styles.heading}>{words.heading}</h1>
          {counts.data && (
            <p className={styles.dueCount} role="status">
              {reviewTexts.dueToday(counts.data.due)}
            </p>
          )}
          <PageSizeSelect size={size} onSize={setSize} />
        </div>
        {viewer.isStaff && (
          <p>
            <PreloadLink to={`/review-schedule/${encodeURIComponent(name)}`}>
              {reviewTexts.scheduleLinkOf(name)}
            </PreloadLink>
          </p>
        )}
        {viewer.known && !viewer.canAnswer && (
          <p className={styles.readOnly} role="note">
            {words.viewing(name)}
          </p>
        )}
        {results.length > 0 && (
          <section className={styles.titleCard} aria-labelledby="redo-results">
            <h2 id="redo-results" className={styles.heading}>
              {words.yourRedos}
            </h2>
            <ul>
              {results.map((r) => (
                <li key={r.id}>
                  {r.question.title}:{' '}
                  {r.marked === 1 ? words.redoCorrect : r.marked === -1 ? words.redoWrong : words.redoWaiting}
                </li>
              ))}
            </ul>
          </section>
        )}
        {query.isPending && <p role="status">{appLoadTexts.loading}</p>}
        {query.isSuccess && listed.length === 0 && (
          <article className={styles.empty}>
            <h2>{words.nothing}</h2>
          </article>
        )}
        {query.isSuccess && listed.length > 0 && shown.length === 0 && (
          <article className={styles.empty}>
            <h2>{reviewTexts.nothingDue}</h2>
          </article>
        )}
        {shown.map((submission, index) => (
          <QuestionCard
            key={submission.question.id}
            number={page * size + index + 1}
            question={submission.question}
            readOnly={!viewer.canAnswer}
            answer={
              viewer.canAnswer
                ? {
                    value: answers[String(submission.question.id)] ?? '',
                    onChange: (value) => drafts.setAnswer(submission.question.id, value),
                  }
                : undefined
            }
            note={
              <>
                {submission.review?.pinned && <p className={styles.pinned}>{reviewTexts.pinnedNote}</p>}
                <span className={styles.noteLabel}>{words.lastAnswer}</span>
                <AnswerText type={submission.question.type} answer={submission.studentAnswer} />
              </>
            }
          />
        ))}
        {later.length > 0 && (
          <section className={styles.later} aria-labelledby="review-later">
            <h2 id="review-later" className={styles.heading}>
              {reviewTexts.laterHeading}
            </h2>
            <p className={styles.laterHint}>{reviewTexts.laterHint}</p>
            <ul className={styles.laterList}>
              {later.map((s) => (
                <li key={s.question.id}>
                  <span className={styles.laterTitle}>{s.question.title}</span>
                  <span>{reviewTexts.comesBackOn(s.review!.dueDay)}</span>
                  {s.review!.step > 0 && <span>{reviewTexts.stepNote(s.review!.step)}</span>}
                  {s.review!.pinned && <span>{reviewTexts.pinnedNote}</span>}
                </li>
              ))}
            </ul>
          </section>
        )}
        {(query.data?.totalElements ?? 0) > 0 && (
          <PageFooter page={page} totalPages={query.data?.totalPages ?? 1} onPage={setPage} />
        )}
        {viewer.canAnswer && (
          <>
            <p className={styles.saving} role="status">
              {draftStatusText(sent, drafts.status, label, failureTexts.serverIssueBang)}
            </p>
            <Button
              variant="primary"
              className={styles.submitWide}
              disabled={shown.length === 0 || busy}
              onClick={() => void submit()}
            >
              {words.submit}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
