import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { isDay } from '../../../../common/dates.ts';
import { failureTexts } from '../../../../common/messages.ts';
import { isApiError } from '../../api/client.ts';
import { tutoringApi, tutoringKeys } from '../../api/tutoring.ts';
import { PageFooter, PageSizeSelect } from '../../layout/Pager.tsx';
import { DEFAULT_PAGE_SIZE } from '../../layout/paging.ts';
import { ownTutoringPage, useApiFailure } from '../../layout/useApiFailure.ts';
import { flashAlert, useAlert } from '../../ui/alerts.tsx';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import { AnswerPanel } from './AnswerPanel.tsx';
import { DateChip } from './DateChip.tsx';
import { QuestionCard } from './QuestionCard.tsx';
import styles from './TutoringPage.module.css';
import { useDrafts } from './useDrafts.ts';
import { useJump } from './useJump.ts';

export const NO_QUESTIONS = "Oops! It seems there's no question for today's session.";

/** /tutoring/{name}[?date=YYYY-MM-DD]: the student's pending questions to answer (spec 1 §2). */
export function TutoringPage() {
  const { name = '' } = useParams();
  const [search] = useSearchParams();
  const confirm = useConfirm();
  const { showAlert } = useAlert();
  const onFailure = useApiFailure({ forbiddenTo: ownTutoringPage });
  const rawDate = search.get('date');
  const date = rawDate && isDay(rawDate) ? rawDate : null;
  const [paging, setPaging] = useState({ page: 0, size: DEFAULT_PAGE_SIZE });
  const [submitting, setSubmitting] = useState(false);

  const pageQuery = useQuery({
    queryKey: tutoringKeys.pending(name, paging.page, paging.size, date),
    queryFn: () => tutoringApi.pendingQuestions(name, paging, date),
    retry: false,
  });
  // Every pending question's id in page order (of the date shown), for the jump grid and progress.
  const shownIds = useQuery({
    queryKey: tutoringKeys.pendingIds(name, date),
    queryFn: () => tutoringApi.pendingIds(name, date),
    retry: false,
  });
  const orderedIds = shownIds.data;
  // Drafts are pruned against every pending question, not only those of the date shown.
  const pendingIds = useQuery({
    queryKey: tutoringKeys.pendingIds(name),
    queryFn: () => tutoringApi.pendingIds(name),
    retry: false,
  });
  const { answers, setAnswer, clear, saving } = useDrafts(name, pendingIds.data);
  const { jump } = useJump(paging, setPaging, pageQuery.data);

  useEffect(() => {
    const error = pageQuery.error ?? shownIds.error;
    if (error) onFailure(error);
  }, [pageQuery.error, shownIds.error, onFailure]);

  const total = pageQuery.data?.totalElements ?? 0;
  const answered = (orderedIds ?? []).filter((id) => answers[String(id)]).length;
  const pendingAnswers = Object.fromEntries(
    Object.entries(answers).filter(([id]) => (orderedIds ?? []).includes(Number(id))),
  );

  const submitAll = async () => {
    if (!(await confirm('Are you sure to submit?'))) return;
    setSubmitting(true);
    try {
      const created = await tutoringApi.submit(name, pendingAnswers);
      clear();
      const right = created.filter((s) => s.marked === 1).length;
      flashAlert(`Submitted ${created.length} answer${created.length === 1 ? '' : 's'}: ${right} correct.`);
    } catch (error) {
      if (isApiError(error, 401)) {
        onFailure(error, { unauthorizedText: failureTexts.sessionExpiredOnSubmit });
        return;
      }
      if (isApiError(error, 403)) return onFailure(error);
      flashAlert(
        isApiError(error) && error.status === 400 ? error.message : failureTexts.serverIssueBang,
        'error',
      );
    } finally {
      setSubmitting(false);
    }
    // Spec 1 §4: the page reloads after success and after failure.
    window.location.reload();
  };

  const content = pageQuery.data?.content ?? [];
  return (
    <div className={styles.layout}>
      <div className={styles.main}>
        <div className={styles.titleCard}>
          <h1 className={styles.heading}>Questions for {name}</h1>
          <PageSizeSelect size={paging.size} onSize={(size) => setPaging({ page: 0, size })} />
        </div>
        {date && <DateChip date={date} clearTo={`/tutoring/${encodeURIComponent(name)}`} />}
        {pageQuery.isPending && <p role="status">Loading…</p>}
        {pageQuery.isSuccess && content.length === 0 && (
          <article className={styles.empty}>
            <h2>{NO_QUESTIONS}</h2>
          </article>
        )}
        {content.map((question, index) => (
          <QuestionCard
            key={question.id}
            number={paging.page * paging.size + index + 1}
            question={question}
            answer={{
              value: answers[String(question.id)] ?? '',
              onChange: (value) => setAnswer(question.id, value),
            }}
          />
        ))}
        {total > 0 && (
          <PageFooter
            page={paging.page}
            totalPages={pageQuery.data?.totalPages ?? 1}
            onPage={(page) => setPaging((p) => ({ ...p, page }))}
          />
        )}
        <p className={styles.saving} role="status">
          {saving === 'saving'
            ? 'Saving your answers…'
            : saving === 'saved'
              ? 'Answers saved'
              : saving === 'offline'
                ? 'Saved on this device only (offline)'
                : ''}
        </p>
      </div>
      <AnswerPanel
        mode="answer"
        total={total}
        answered={answered}
        boxes={(orderedIds ?? []).map((id, i) => ({
          number: i + 1,
          state: answers[String(id)] ? 'answered' : 'unanswered',
        }))}
        onJump={jump}
        onSubmit={() => void submitAll().catch(() => showAlert(failureTexts.serverIssueBang))}
        submitDisabled={answered === 0 || submitting}
      />
    </div>
  );
}
