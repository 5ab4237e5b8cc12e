import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useDeferredValue, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { SubmissionQuestion } from '../../../../common/contracts/tutoring.ts';
import type { Mark } from '../../../../common/questions/rules.ts';
import { markingKeys } from '../../api/marking.ts';
import { tutoringApi, tutoringKeys } from '../../api/tutoring.ts';
import { useTexts } from '../../i18n/texts.ts';
import { PageFooter, PageSizeSelect } from '../../layout/Pager.tsx';
import { ownHomePage, useApiFailure } from '../../layout/useApiFailure.ts';
import { usePageParams } from '../../layout/usePageParams.ts';
import { lazyPage } from '../../routing/lazyPage.tsx';
import { Button } from '../../ui/Button.tsx';
import { CsvDownload } from '../../ui/CsvDownload.tsx';
import { FloatingPanel } from '../../ui/FloatingPanel.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { AnswerPanel } from '../tutoring/AnswerPanel.tsx';
import { CheckResult, toneOf } from '../tutoring/CheckResult.tsx';
import { DateChip } from '../tutoring/DateChip.tsx';
import { useDateTexts } from '../tutoring/format.ts';
import { QuestionCard } from '../tutoring/QuestionCard.tsx';
import styles from '../tutoring/TutoringPage.module.css';
import { useJump } from '../tutoring/useJump.ts';
import { useViewer } from '../tutoring/viewer.ts';

/** Percent to two decimals. */
export function scorePercent(correct: number, total: number): string {
  return total === 0 ? '0.00' : ((correct / total) * 100).toFixed(2);
}

// The floating calendar and its words: not part of the page's first load, fetched when the
// user reaches for its panel's toggle (pointer over or down, focus), else when it opens.
const calendar = lazyPage(
  'submission-calendar',
  () => import('./SubmissionCalendar.tsx').then((m) => m.SubmissionCalendar),
  ['insight'],
);

/** /submission/{name}[?date=]: every submission checked, with the score over all of them. */
export function SubmissionPage() {
  const dates = useDateTexts();
  const { appLoadTexts } = useTexts('messages');
  const { submissionTexts, csvTexts } = useTexts('submissions');
  const s = submissionTexts.submissions;
  const { name = '' } = useParams();
  const onFailure = useApiFailure({ forbiddenTo: ownHomePage });
  const { page, size, date, setPage, setSize } = usePageParams();
  const viewer = useViewer(name);

  const query = useQuery({
    queryKey: tutoringKeys.submissions(name, page, size, date),
    queryFn: () => tutoringApi.submissions(name, { page, size }, date),
  });
  useEffect(() => {
    if (query.error) onFailure(query.error);
  }, [query.error, onFailure]);
  // Drawn from a deferred copy of the answer: the cards, the costliest render of the page, come in a
  // render React can interrupt, in slices, instead of one long task on a phone (as on the tutoring page).
  const data = useDeferredValue(query.data);
  const { jump } = useJump(size, setPage, data);

  const summary = data?.summary;
  const total = data?.totalElements ?? 0;
  const marked = summary ? summary.correct + summary.wrong : 0;
  const percent = summary ? scorePercent(summary.correct, summary.total) : '0.00';
  const good = summary ? summary.total > 0 && summary.correct / summary.total > 0.5 : false;
  const first = page * size;

  return (
    <div className={styles.layout}>
      <div className={styles.main}>
        <div className={styles.titleCard}>
          <h1 className={styles.heading}>{s.heading}</h1>
          <PageSizeSelect size={size} onSize={setSize} />
        </div>
        {date && <DateChip date={date} clearTo={`/submission/${encodeURIComponent(name)}`} />}
        <CsvDownload path={`/export/submissions/${encodeURIComponent(name)}`} words={csvTexts} />
        {summary && summary.total > 0 && (
          <section className={styles.titleCard} aria-labelledby="results-title">
            <div>
              <h2 id="results-title" className={styles.heading}>
                {s.results}
              </h2>
              <p style={{ margin: 0 }}>
                {summary.firstDueDate && summary.lastDueDate && (
                  <>
                    {dates.day(summary.firstDueDate)}
                    {dates.day(summary.firstDueDate) !== dates.day(summary.lastDueDate) &&
                      ` - ${dates.day(summary.lastDueDate)}`}
                  </>
                )}
              </p>
            </div>
            <p
              style={{ margin: 0, fontWeight: 700, color: good ? 'var(--color-ok)' : 'var(--color-bad)' }}
              data-testid="score"
            >
              {s.score(summary.correct, summary.total, percent)}
            </p>
            {summary.unmarked > 0 && <p style={{ margin: 0 }}>{s.unmarked(summary.unmarked, marked)}</p>}
            {summary.redos > 0 && (
              <p style={{ margin: 0 }} data-testid="redos">
                {s.redos(summary.corrected, summary.redos)}
              </p>
            )}
          </section>
        )}
        {data === undefined && !query.isError && <p role="status">{appLoadTexts.loading}</p>}
        {data !== undefined && total === 0 && (
          <article className={styles.empty}>
            <h2>{s.empty}</h2>
          </article>
        )}
        {(data?.content ?? []).map((submission, index) => (
          <QuestionCard
            key={submission.id}
            number={first + index + 1}
            question={submission.question}
            tone={toneOf(submission.marked)}
            result={<CheckResult question={submission.question} check={submission} />}
            note={viewer.isStaff ? <ChangeMark name={name} submission={submission} /> : undefined}
          />
        ))}
        {total > 0 && <PageFooter page={page} totalPages={data?.totalPages ?? 1} onPage={setPage} />}
      </div>
      <AnswerPanel
        mode="check"
        total={total}
        // Every box keeps its colour on every page: the marks of all submissions come
        // with each page.
        boxes={(data?.marks ?? []).map((marked, i) => ({
          number: i + 1,
          state: marked === 1 ? 'correct' : marked === -1 ? 'wrong' : 'neutral',
        }))}
        onJump={jump}
      />
      <FloatingPanel
        title={s.calendar}
        ready={!query.isPending}
        mountWhenOpened
        onIntent={() => void calendar.preload()}
      >
        <Suspense fallback={<p role="status">{appLoadTexts.loading}</p>}>
          <calendar.Page />
        </Suspense>
      </FloatingPanel>
    </div>
  );
}

const MARK_CHOICES = [
  { mark: 1, label: 'markCorrect' },
  { mark: -1, label: 'markWrong' },
  { mark: 0, label: 'markUnmarked' },
] as const satisfies readonly { mark: Mark; label: string }[];

/**
 * A teacher changes a past mark here: saved at once, then the score, calendars and the
 * header's count are asked again (the server recounts calendars and topic statistics).
 */
function ChangeMark({ name, submission }: { name: string; submission: SubmissionQuestion }) {
  const { failureTexts } = useTexts('messages');
  const { submissions: s } = useTexts('submissions').submissionTexts;
  const queryClient = useQueryClient();
  const onFailure = useApiFailure();
  const { showToast } = useToast();
  const [busy, setBusy] = useState(false);
  const change = async (mark: Mark) => {
    setBusy(true);
    try {
      await tutoringApi.mark(name, { [submission.id]: mark });
      showToast(s.markChanged, 'success');
      await Promise.all(
        [['submissions'], ['calendar'], markingKeys.all, ['review']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    } catch (error) {
      onFailure(error, { otherText: failureTexts.serverIssue });
    } finally {
      setBusy(false);
    }
  };
  return (
    <fieldset
      style={{ border: 'none', padding: 0, margin: 0, display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}
    >
      <legend style={{ fontWeight: 600, marginBottom: '0.25rem' }}>{s.changeMark}</legend>
      {MARK_CHOICES.map((choice) => (
        <Button
          key={choice.mark}
          size="sm"
          variant={submission.marked === choice.mark ? 'primary' : 'secondary'}
          aria-pressed={submission.marked === choice.mark}
          disabled={busy}
          onClick={() => submission.marked !== choice.mark && void change(choice.mark)}
        >
          {s[choice.label]}
        </Button>
      ))}
    </fieldset>
  );
}
