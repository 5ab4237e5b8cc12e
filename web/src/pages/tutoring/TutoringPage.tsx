import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { questionLimits } from '../../../../common/limits.ts';
import { isApiError } from '../../api/client.ts';
import { failureMessage } from '../../api/failures.ts';
import { type AnswerToSend, tutoringApi, tutoringKeys } from '../../api/tutoring.ts';
import { type Namespaces, textsOf, useTexts, useTextsLater } from '../../i18n/texts.ts';
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

type SubmissionTexts = Namespaces['submissions']['submissionTexts'];

/** /tutoring/{name}[?date=YYYY-MM-DD&page=&size=]: the student's pending questions to answer. */
export function TutoringPage() {
  const { failureTexts, appLoadTexts, headerTexts } = useTexts('messages');
  const { tutoringTexts: t } = useTexts('tutoring');
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
  });
  // Every pending question's id in page order (of the date shown), for the jump grid and progress.
  // Looked up again when the tab comes back, so questions answered in another tab disappear.
  const shownIds = useQuery({
    queryKey: tutoringKeys.pendingIds(name, date),
    queryFn: () => tutoringApi.pendingIds(name, date),
    refetchOnWindowFocus: 'always',
  });
  // The cards are drawn from a deferred copy of the page: the answer that brings them re-renders the
  // page at once (the query's update is urgent), and the cards, the costliest render of the page,
  // follow in a render React can interrupt, in slices, instead of one long task on a phone.
  const shown = useDeferredValue(pageQuery.data);
  const orderedIds = shownIds.data ?? [];
  const drafts = useDrafts(name, { enabled: viewer.canAnswer });
  const { answers } = drafts;
  const { jump } = useJump(size, setPage, shown);
  // The save line's words and a parent's note: loaded once there is something to say.
  const readOnly = viewer.known && !viewer.canAnswer;
  const empty = shown !== undefined && shown.content.length === 0;
  const later = useTextsLater(
    'submissions',
    readOnly || empty || drafts.status.kind !== 'idle',
  )?.submissionTexts;

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
  const label = (questionId: number | string) => t.questionLabel(numberOf(questionId));
  const total = shown?.totalElements ?? 0;
  const answered = orderedIds.filter((id) => answers[String(id)]).length;

  const submitAll = async () => {
    // Words shown only once the student submits: loaded now, not with the page.
    const { submissionTexts: s } = await textsOf('submissions');
    const tooLong = orderedIds.filter(
      (id) => (answers[String(id)]?.length ?? 0) > questionLimits.studentAnswerMax,
    );
    if (tooLong.length > 0) {
      return showToast(
        tooLong
          .map((id) => s.tooLong(label(id), answers[String(id)]!.length, questionLimits.studentAnswerMax))
          .join('\n'),
      );
    }
    if (!(await confirm(s.confirmSubmit))) return;
    setSubmitting(true);
    try {
      // What this tab typed is saved first; a change made elsewhere meanwhile wins and is shown.
      const overwritten = await drafts.flush();
      if (overwritten.length > 0) {
        return showToast(s.changedElsewhere(overwritten.map(label).join(', ')));
      }
    } catch (error) {
      if (isApiError(error, 401) || isApiError(error, 403)) return onFailure(error);
      return showToast(
        s.notSubmitted(failureMessage(error, { fallback: failureTexts.serverIssueBang, keyed: label })),
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
      flashToast(s.submitted(created.length, right));
    } catch (error) {
      if (isApiError(error, 401)) {
        return onFailure(error, { unauthorizedText: failureTexts.sessionExpiredOnSubmit });
      }
      if (isApiError(error, 403)) return onFailure(error);
      const words = failureMessage(error, {
        fallback: failureTexts.serverIssueBang,
        item: (index) => label(items[index]?.questionId ?? 0),
      });
      flashToast(isApiError(error, 409) ? `${words}\n${s.staleHint}` : words, 'error');
    } finally {
      setSubmitting(false);
    }
    // The page reloads after success and after failure, so it shows what the server now holds.
    window.location.reload();
  };

  const content = shown?.content ?? [];
  const studentPath = encodeURIComponent(name);
  return (
    <div className={styles.layout}>
      <div className={styles.main}>
        <div className={styles.titleCard}>
          <h1 className={styles.heading}>{t.heading(name)}</h1>
          <PageSizeSelect size={size} onSize={setSize} />
        </div>
        {date && <DateChip date={date} clearTo={`/tutoring/${studentPath}`} />}
        {readOnly && later && (
          <p className={styles.readOnly} role="note">
            {later.viewingQuestions(name)}
          </p>
        )}
        {shown === undefined && !pageQuery.isError && <p role="status">{appLoadTexts.loading}</p>}
        {empty && later && (
          <article className={styles.empty}>
            <h2>{later.noQuestions}</h2>
            <p>
              {later.nothingWaiting[0]}
              <Link to={`/review/${studentPath}`}>{headerTexts.review}</Link>
              {later.nothingWaiting[1]}
              <Link to={`/submission/${studentPath}`}>{headerTexts.submissions}</Link>
              {later.nothingWaiting[2]}
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
        {total > 0 && <PageFooter page={page} totalPages={shown?.totalPages ?? 1} onPage={setPage} />}
        {viewer.canAnswer && (
          <p className={styles.saving} role="status">
            {draftStatusText(later, drafts.status, label, failureTexts.serverIssueBang)}
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
        emptyText={later?.panelEmpty ?? ''}
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
  t: SubmissionTexts | undefined,
  status: DraftStatus,
  label: (questionId: string) => string,
  fallback: string,
): string {
  if (!t) return '';
  switch (status.kind) {
    case 'saving':
      return t.saving;
    case 'saved':
      return status.overwritten.length > 0
        ? t.savedOverwritten(status.overwritten.map(label).join(', '))
        : t.saved;
    case 'offline':
      return t.offline;
    case 'refused':
      return t.refused(failureMessage(status.error, { fallback, keyed: label }));
    default:
      return '';
  }
}
