import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { questionLimits } from '../../../../common/limits.ts';
import { isApiError } from '../../api/client.ts';
import { failureMessage } from '../../api/failures.ts';
import { type AnswerToSend, tutoringApi, tutoringKeys } from '../../api/tutoring.ts';
import { useTexts } from '../../i18n/texts.ts';
import { PageFooter, PageSizeSelect } from '../../layout/Pager.tsx';
import { ownHomePage, useApiFailure } from '../../layout/useApiFailure.ts';
import { usePageParams } from '../../layout/usePageParams.ts';
import { PreloadLink as Link } from '../../routing/PreloadLink.tsx';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import { flashToast, useToast } from '../../ui/Toast.tsx';
import { AnswerPanel } from './AnswerPanel.tsx';
import { DateChip } from './DateChip.tsx';
import type { DraftStatus } from './draftStore.ts';
import { QuestionCard } from './QuestionCard.tsx';
import styles from './TutoringPage.module.css';
import { useDrafts } from './useDrafts.ts';
import { useJump } from './useJump.ts';
import { useViewer } from './viewer.ts';

export const NO_QUESTIONS = "Oops! It seems there's no question for today's session.";
const STALE_HINT = 'The newer answer is shown now: check it and submit again.';

/** /tutoring/{name}[?date=YYYY-MM-DD&page=&size=]: the student's pending questions to answer (spec 1 §2). */
export function TutoringPage() {
  const { failureTexts } = useTexts('messages');
  const { name = '' } = useParams();
  const { page, size, date, setPage, setSize } = usePageParams();
  const confirm = useConfirm();
  const { showToast } = useToast();
  const onFailure = useApiFailure({ forbiddenTo: ownHomePage });
  const viewer = useViewer(name);
  const [submitting, setSubmitting] = useState(false);

  const pageQuery = useQuery({
    queryKey: tutoringKeys.pending(name, page, size, date),
    queryFn: () => tutoringApi.pendingQuestions(name, { page, size }, date),
    retry: false,
  });
  // Every pending question's id in page order (of the date shown), for the jump grid and progress.
  // Looked up again when the tab comes back, so questions answered in another tab disappear.
  const shownIds = useQuery({
    queryKey: tutoringKeys.pendingIds(name, date),
    queryFn: () => tutoringApi.pendingIds(name, date),
    retry: false,
    refetchOnWindowFocus: 'always',
  });
  const orderedIds = shownIds.data ?? [];
  const drafts = useDrafts(name, { enabled: viewer.canAnswer });
  const { answers } = drafts;
  const { jump } = useJump(size, setPage, pageQuery.data);

  useEffect(() => {
    const error = pageQuery.error ?? shownIds.error;
    if (error) onFailure(error);
  }, [pageQuery.error, shownIds.error, onFailure]);
  useEffect(() => {
    if (drafts.status.kind === 'refused' && [401, 403].includes(drafts.status.error.status))
      onFailure(drafts.status.error);
  }, [drafts.status, onFailure]);

  /** The number a question has in the jump grid (and on its card). */
  const numberOf = (questionId: number | string) => orderedIds.indexOf(Number(questionId)) + 1;
  const label = (questionId: number | string) => `Question ${numberOf(questionId)}`;
  const total = pageQuery.data?.totalElements ?? 0;
  const answered = orderedIds.filter((id) => answers[String(id)]).length;

  const submitAll = async () => {
    const tooLong = orderedIds.filter(
      (id) => (answers[String(id)]?.length ?? 0) > questionLimits.studentAnswerMax,
    );
    if (tooLong.length > 0) {
      return showToast(
        tooLong
          .map(
            (id) =>
              `${label(id)}: the answer is ${answers[String(id)]!.length.toLocaleString('en-US')} characters long; ` +
              `an answer can hold at most ${questionLimits.studentAnswerMax.toLocaleString('en-US')}.`,
          )
          .join('\n'),
      );
    }
    if (!(await confirm('Are you sure to submit?'))) return;
    setSubmitting(true);
    try {
      // What this tab typed is saved first; a change made elsewhere meanwhile wins and is shown.
      const overwritten = await drafts.flush();
      if (overwritten.length > 0) {
        return showToast(
          `${overwritten.map(label).join(', ')}: changed in another tab or on another device. ${STALE_HINT}`,
        );
      }
    } catch (error) {
      if (isApiError(error, 401) || isApiError(error, 403)) return onFailure(error);
      return showToast(
        `Nothing was submitted: your answers could not be saved. ${failureMessage(error, {
          fallback: failureTexts.serverIssueBang,
          keyed: label,
        })}`,
      );
    } finally {
      setSubmitting(false);
    }
    const current = drafts.current();
    const items: AnswerToSend[] = orderedIds
      .filter((id) => current[String(id)])
      .map((id) => ({
        questionId: id,
        studentAnswer: current[String(id)]!,
        draftVersion: drafts.versionOf(id),
      }));
    if (items.length === 0) return;
    setSubmitting(true);
    try {
      const created = await tutoringApi.submit(name, items);
      drafts.forget(items.map((i) => i.questionId));
      const right = created.filter((s) => s.marked === 1).length;
      flashToast(`Submitted ${created.length} answer${created.length === 1 ? '' : 's'}: ${right} correct.`);
    } catch (error) {
      if (isApiError(error, 401)) {
        return onFailure(error, { unauthorizedText: failureTexts.sessionExpiredOnSubmit });
      }
      if (isApiError(error, 403)) return onFailure(error);
      const words = failureMessage(error, {
        fallback: failureTexts.serverIssueBang,
        item: (index) => label(items[index]?.questionId ?? 0),
      });
      flashToast(isApiError(error, 409) ? `${words}\n${STALE_HINT}` : words, 'error');
    } finally {
      setSubmitting(false);
    }
    // Spec 1 §4: the page reloads after success and after failure.
    window.location.reload();
  };

  const content = pageQuery.data?.content ?? [];
  const studentPath = encodeURIComponent(name);
  return (
    <div className={styles.layout}>
      <div className={styles.main}>
        <div className={styles.titleCard}>
          <h1 className={styles.heading}>Questions for {name}</h1>
          <PageSizeSelect size={size} onSize={setSize} />
        </div>
        {date && <DateChip date={date} clearTo={`/tutoring/${studentPath}`} />}
        {viewer.known && !viewer.canAnswer && (
          <p className={styles.readOnly} role="note">
            You are viewing {name}'s questions. Only {name} can answer them.
          </p>
        )}
        {pageQuery.isPending && <p role="status">Loading…</p>}
        {pageQuery.isSuccess && content.length === 0 && (
          <article className={styles.empty}>
            <h2>{NO_QUESTIONS}</h2>
            <p>
              Nothing is waiting for an answer. Redo wrong answers in{' '}
              <Link to={`/review/${studentPath}`}>Review</Link>, or see the results in{' '}
              <Link to={`/submission/${studentPath}`}>Submissions</Link>.
            </p>
          </article>
        )}
        {content.map((question, index) => (
          <QuestionCard
            key={question.id}
            number={page * size + index + 1}
            question={question}
            readOnly={!viewer.canAnswer}
            answer={
              viewer.canAnswer
                ? {
                    value: answers[String(question.id)] ?? '',
                    onChange: (value) => drafts.setAnswer(question.id, value),
                  }
                : undefined
            }
          />
        ))}
        {total > 0 && (
          <PageFooter page={page} totalPages={pageQuery.data?.totalPages ?? 1} onPage={setPage} />
        )}
        {viewer.canAnswer && (
          <p className={styles.saving} role="status">
            {draftStatusText(drafts.status, label, failureTexts.serverIssueBang)}
          </p>
        )}
      </div>
      <AnswerPanel
        mode="answer"
        total={total}
        answered={answered}
        boxes={orderedIds.map((id, i) => ({
          number: i + 1,
          state: answers[String(id)] ? 'answered' : 'unanswered',
        }))}
        onJump={jump}
        emptyText="No questions to answer right now. New ones from your teacher will appear here."
        onSubmit={
          viewer.canAnswer
            ? () => void submitAll().catch(() => showToast(failureTexts.serverIssueBang))
            : undefined
        }
        submitDisabled={answered === 0 || submitting}
      />
    </div>
  );
}

/** The line under the questions: what happened to the answers typed (a refusal is never "offline"). */
export function draftStatusText(
  status: DraftStatus,
  label: (questionId: string) => string,
  fallback: string,
): string {
  switch (status.kind) {
    case 'saving':
      return 'Saving your answers…';
    case 'saved':
      return status.overwritten.length > 0
        ? `Answers saved. ${status.overwritten.map(label).join(', ')}: changed in another tab or on another device; the newer answer is shown.`
        : 'Answers saved';
    case 'offline':
      return 'Not saved yet: the server cannot be reached. Your answers are kept on this device and sent when the connection is back.';
    case 'refused':
      return `Not saved: ${failureMessage(status.error, { fallback, keyed: label })}`;
    default:
      return '';
  }
}
