import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { SubmissionQuestion } from '../../../../common/contracts/tutoring.ts';
import { failureTexts } from '../../../../common/messages.ts';
import { isApiError } from '../../api/client.ts';
import { type DraftAnswers, tutoringApi, tutoringKeys } from '../../api/tutoring.ts';
import { PageFooter, PageSizeSelect } from '../../layout/Pager.tsx';
import { DEFAULT_PAGE_SIZE } from '../../layout/paging.ts';
import { ownTutoringPage, useApiFailure } from '../../layout/useApiFailure.ts';
import { useAlert } from '../../ui/alerts.tsx';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import { QuestionCard } from './QuestionCard.tsx';
import styles from './TutoringPage.module.css';

export const SOLVE_ALL = 'You should solve all questions';

/**
 * /review/{name}: questions whose latest answer is wrong, to redo (spec 1 §2, §5). A correct redo
 * takes a question off the list; the page shows which redos were right.
 */
export function ReviewPage() {
  const { name = '' } = useParams();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const { showAlert } = useAlert();
  const onFailure = useApiFailure({ forbiddenTo: ownTutoringPage });
  const [paging, setPaging] = useState({ page: 0, size: DEFAULT_PAGE_SIZE });
  const [answers, setAnswers] = useState<DraftAnswers>({});
  const [results, setResults] = useState<SubmissionQuestion[]>([]);
  const [busy, setBusy] = useState(false);

  const query = useQuery({
    queryKey: tutoringKeys.review(name, paging.page, paging.size),
    queryFn: () => tutoringApi.review(name, paging),
    retry: false,
  });
  useEffect(() => {
    if (query.error) onFailure(query.error);
  }, [query.error, onFailure]);

  const shown = query.data?.content ?? [];
  const onPage = shown.map((s) => String(s.question.id));
  const allAnswered = shown.length > 0 && onPage.every((id) => answers[id]);

  const submit = async () => {
    if (!allAnswered) return showAlert(SOLVE_ALL);
    if (!(await confirm('Are you sure to submit?'))) return;
    setBusy(true);
    try {
      const created = await tutoringApi.redo(
        name,
        Object.fromEntries(onPage.map((id) => [id, answers[id]!])),
      );
      setResults(created);
      setAnswers({});
      const right = created.filter((s) => s.marked === 1).length;
      showAlert(`${right} of ${created.length} redo${created.length === 1 ? '' : 's'} correct.`, 'info');
      await queryClient.invalidateQueries({ queryKey: ['review', name.toLowerCase()] });
    } catch (error) {
      if (isApiError(error, 401))
        return onFailure(error, { unauthorizedText: failureTexts.sessionExpiredOnSubmit });
      if (isApiError(error, 403)) return onFailure(error);
      showAlert(isApiError(error) && error.status === 400 ? error.message : failureTexts.serverIssueBang);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.layout} style={{ gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <div className={styles.main}>
        <div className={styles.titleCard}>
          <h1 className={styles.heading}>Review</h1>
          <PageSizeSelect size={paging.size} onSize={(size) => setPaging({ page: 0, size })} />
        </div>
        {results.length > 0 && (
          <section className={styles.titleCard} aria-labelledby="redo-results">
            <h2 id="redo-results" className={styles.heading}>
              Your redos
            </h2>
            <ul>
              {results.map((r) => (
                <li key={r.id}>
                  {r.question.title}:{' '}
                  {r.marked === 1
                    ? 'Correct'
                    : r.marked === -1
                      ? 'Wrong, still to review'
                      : 'Waiting for marking'}
                </li>
              ))}
            </ul>
          </section>
        )}
        {query.isPending && <p role="status">Loading…</p>}
        {query.isSuccess && shown.length === 0 && (
          <article className={styles.empty}>
            <h2>Nothing to review: every answer is right.</h2>
          </article>
        )}
        {shown.map((submission, index) => (
          <QuestionCard
            key={submission.question.id}
            number={paging.page * paging.size + index + 1}
            question={submission.question}
            answer={{
              value: answers[String(submission.question.id)] ?? '',
              onChange: (value) => setAnswers((a) => ({ ...a, [String(submission.question.id)]: value })),
            }}
            note={`Your last answer: ${submission.studentAnswer}`}
          />
        ))}
        {(query.data?.totalElements ?? 0) > 0 && (
          <PageFooter
            page={paging.page}
            totalPages={query.data?.totalPages ?? 1}
            onPage={(page) => setPaging((p) => ({ ...p, page }))}
          />
        )}
        <button
          type="button"
          className={styles.submitWide}
          disabled={shown.length === 0 || busy}
          onClick={() => void submit()}
        >
          Submit
        </button>
      </div>
    </div>
  );
}
