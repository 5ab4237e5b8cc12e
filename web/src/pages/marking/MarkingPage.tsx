import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { Mark } from '../../../../common/questions/rules.ts';
import { isApiError } from '../../api/client.ts';
import { tutoringApi, tutoringKeys } from '../../api/tutoring.ts';
import { useApiFailure } from '../../layout/useApiFailure.ts';
import { RichText } from '../../ui/CodeBlock.tsx';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import { flashToast } from '../../ui/Toast.tsx';
import styles from './MarkingPage.module.css';

const CHOICES: { mark: Mark; label: string }[] = [
  { mark: 0, label: 'Unmarked' },
  { mark: 1, label: 'Correct' },
  { mark: -1, label: 'Wrong' },
];

/** /marking/{name} (no header): the teacher marks unmarked answers; the page reloads after Submit. */
export function MarkingPage() {
  const { name = '' } = useParams();
  const confirm = useConfirm();
  const onFailure = useApiFailure();
  const [marks, setMarks] = useState<Record<string, Mark>>({});
  const [busy, setBusy] = useState(false);
  const query = useQuery({
    queryKey: tutoringKeys.toMark(name),
    queryFn: () => tutoringApi.toMark(name),
    retry: false,
  });
  useEffect(() => {
    if (query.error) onFailure(query.error, { forbiddenTo: '/login' });
  }, [query.error, onFailure]);

  const items = query.data?.content ?? [];
  const changed = Object.fromEntries(Object.entries(marks).filter(([, mark]) => mark !== 0));

  const submit = async () => {
    if (!(await confirm('Are you sure to submit?'))) return;
    setBusy(true);
    try {
      const updated = await tutoringApi.mark(name, marks);
      flashToast(`Marked ${updated.length} answer${updated.length === 1 ? '' : 's'}.`);
    } catch (error) {
      if (isApiError(error, 401) || isApiError(error, 403)) return onFailure(error);
      onFailure(error, { flash: true });
    } finally {
      setBusy(false);
    }
    window.location.reload();
  };

  return (
    <main className={styles.page}>
      <h1 className={styles.heading}>Marking: {name}</h1>
      {query.isPending && <p role="status">Loading…</p>}
      {query.isSuccess && items.length === 0 && <p className={styles.empty}>Nothing to mark for {name}.</p>}
      <ol className={styles.list}>
        {items.map((submission) => {
          const current = marks[String(submission.id)] ?? 0;
          return (
            <li key={submission.id} className={styles.item}>
              <h2 className={styles.title}>{submission.question.title}</h2>
              <RichText text={submission.question.question} />
              <dl className={styles.facts}>
                <dt>Answer given</dt>
                <dd>{submission.studentAnswer}</dd>
                <dt>Model answer</dt>
                <dd>{submission.question.answer}</dd>
              </dl>
              <fieldset className={styles.choices}>
                <legend>Mark for “{submission.question.title}”</legend>
                {CHOICES.map((choice) => (
                  <label
                    key={choice.mark}
                    className={`${styles.choice} ${current === choice.mark ? styles.chosen : ''}`}
                  >
                    <input
                      type="radio"
                      name={`mark-${submission.id}`}
                      checked={current === choice.mark}
                      onChange={() => setMarks((m) => ({ ...m, [String(submission.id)]: choice.mark }))}
                    />
                    {choice.label}
                  </label>
                ))}
              </fieldset>
            </li>
          );
        })}
      </ol>
      {items.length > 0 && (
        <button
          type="button"
          className={styles.submit}
          disabled={busy || Object.keys(changed).length === 0}
          onClick={() => void submit()}
        >
          Submit
        </button>
      )}
    </main>
  );
}
