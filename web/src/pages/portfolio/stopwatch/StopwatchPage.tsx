import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { portfolioLimits } from '../../../../../common/limits.ts';
import {
  agoInWords,
  durationInWords,
  formatStopwatch,
  type StopwatchRecord,
} from '../../../../../common/portfolio/stopwatch.ts';
import { failureMessage } from '../../../api/failures.ts';
import { portfolioApi, portfolioKeys, type StopwatchEvent } from '../../../api/portfolio.ts';
import { dateFormat, useIntlLocale } from '../../../i18n/format.ts';
import { useTexts } from '../../../i18n/texts.ts';
import { AppProviders } from '../../../layout/AppProviders.tsx';
import { PageFooter } from '../../../layout/Pager.tsx';
import { Field } from '../../../ui/Field.tsx';
import { useToast } from '../../../ui/Toast.tsx';
import { owner } from '../content/owner.ts';
import { useDocumentTitle } from '../motion.ts';
import { PortfolioNav } from '../PortfolioNav.tsx';
import styles from './stopwatch.module.css';
import { COMMANDS, type Command, elapsedAt, IDLE, isCommand, step, type WatchState } from './watch.ts';

/** Spec 2 §9: the display ticks every 10 ms. */
const TICK_MS = 10;
const SEOUL: Intl.DateTimeFormatOptions = { timeZone: 'Asia/Seoul', dateStyle: 'medium', timeStyle: 'short' };

/** hh:mm:ss.cc, drawn on its own so that the ticks redraw only the time. */
function ClockFace({ watch, restingTitle }: { watch: WatchState; restingTitle: string }) {
  const { stopwatchTexts } = useTexts('portfolio');
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    if (watch.status !== 'running') return;
    const timer = setInterval(() => setNow(performance.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [watch.status]);
  const elapsed = elapsedAt(watch, Math.max(now, watch.since));
  // The tab's title follows the time while it runs (minutes and seconds).
  const seconds = Math.floor(elapsed / 100);
  useEffect(() => {
    if (watch.status !== 'running') {
      document.title = restingTitle;
      return;
    }
    const text = formatStopwatch(seconds * 100).slice(0, -3);
    document.title = `${text.startsWith('00:') ? text.slice(3) : text} · ${stopwatchTexts.title}`;
  }, [seconds, watch.status, restingTitle, stopwatchTexts.title]);
  return (
    <p className={styles.clock} data-status={watch.status}>
      <time className={styles.digits} data-clock="">
        {formatStopwatch(elapsed)}
      </time>
      <span className={styles.status}>
        {watch.status === 'running'
          ? stopwatchTexts.running
          : watch.status === 'paused'
            ? stopwatchTexts.paused
            : stopwatchTexts.stopped}
      </span>
    </p>
  );
}

function HistoryItem({ record }: { record: StopwatchRecord }) {
  const { stopwatchTexts } = useTexts('portfolio');
  const locale = useIntlLocale();
  const duration =
    record.type === 'p' || record.type === 'd' ? durationInWords(record.elapsedTime, stopwatchTexts) : '';
  return (
    <li className={styles.record} data-type={record.type}>
      <span className={styles.icon} aria-hidden="true" />
      <span className={styles.kind}>{stopwatchTexts.kinds[record.type]}</span>
      <span className={styles.who}>{record.name}</span>
      <span className={styles.ago}>{agoInWords(record, stopwatchTexts)}</span>
      {duration && <span className={styles.duration}>{duration}</span>}
      <time className={styles.when} dateTime={record.generatedDate}>
        {dateFormat(locale, SEOUL).format(new Date(record.generatedDate))}
        <span className="visually-hidden"> ({stopwatchTexts.seoulTime})</span>
      </time>
    </li>
  );
}

function Stopwatch() {
  const { stopwatchTexts } = useTexts('portfolio');
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const [watch, setWatch] = useState<WatchState>(IDLE);
  const [name, setName] = useState<string>(stopwatchTexts.anonymous);
  const [typed, setTyped] = useState<Record<Command, string>>({ start: '', pause: '', reset: '' });
  const [problems, setProblems] = useState<Record<Command, string | null>>({
    start: null,
    pause: null,
    reset: null,
  });
  const [page, setPage] = useState(0);
  // The run's id arrives with the answer to its start; later records wait for it, in order.
  const runId = useRef<number | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const record = useMutation({ mutationFn: (event: StopwatchEvent) => portfolioApi.recordStopwatch(event) });
  const history = useQuery({
    queryKey: portfolioKeys.stopwatch(page),
    queryFn: () => portfolioApi.stopwatchHistory(page),
    placeholderData: keepPreviousData,
  });
  const pageTitle = `${stopwatchTexts.title} · ${owner.siteTitle}`;
  useDocumentTitle(pageTitle);

  // Spec 2 §2: leaving the page while the stopwatch runs asks first.
  useEffect(() => {
    if (watch.status !== 'running') return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = stopwatchTexts.leaveWarning;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [watch.status, stopwatchTexts.leaveWarning]);

  useEffect(() => {
    if (history.error) {
      showToast(
        failureMessage(history.error, { fallback: stopwatchTexts.failure }),
        'error',
        'stopwatch-history',
      );
    }
  }, [history.error, showToast, stopwatchTexts.failure]);

  const send = (event: Omit<StopwatchEvent, 'relatedID' | 'name'>, runName: string) => {
    queue.current = queue.current.then(async () => {
      try {
        const id = await record.mutateAsync({
          ...event,
          name: runName,
          relatedID: event.type === 's' ? null : runId.current,
        });
        if (event.type === 's') runId.current = id;
        if (event.type === 'd') runId.current = null;
      } catch (error) {
        showToast(failureMessage(error, { fallback: stopwatchTexts.failure }), 'error');
        // A start that was not recorded leaves no run to continue.
        if (event.type === 's') {
          runId.current = null;
          setWatch(IDLE);
        }
      }
      // Spec 2 §4: the history reloads after each action, from its first page.
      setPage(0);
      await queryClient.invalidateQueries({ queryKey: portfolioKeys.stopwatchAll });
    });
  };

  const perform = (command: Command) => {
    const result = step(watch, command, performance.now());
    if (!result.ok) {
      setProblems((p) => ({ ...p, [command]: stopwatchTexts[result.problem] }));
      return;
    }
    const runName = name.trim() || stopwatchTexts.anonymous;
    if (command === 'start' && watch.status === 'idle') setName(runName);
    setWatch(result.next);
    setTyped((t) => ({ ...t, [command]: '' }));
    setProblems({ start: null, pause: null, reset: null });
    send(result.record, runName);
  };

  const onKey = (command: Command) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (isCommand(typed[command], command)) perform(command);
    else setProblems((p) => ({ ...p, [command]: stopwatchTexts.wrongWord(command) }));
  };

  const records = history.data?.content ?? [];
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>{stopwatchTexts.title}</h1>
      <section className={styles.watch} aria-label={stopwatchTexts.title}>
        <ClockFace watch={watch} restingTitle={pageTitle} />
        <Field label={stopwatchTexts.name} hint={stopwatchTexts.nameHint}>
          <input
            value={name}
            maxLength={portfolioLimits.stopwatchNameMax}
            disabled={watch.status !== 'idle'}
            autoComplete="nickname"
            onChange={(event) => setName(event.target.value)}
          />
        </Field>
        <fieldset className={styles.commands}>
          <legend>{stopwatchTexts.commands}</legend>
          <p className={styles.hint}>{stopwatchTexts.commandsHint}</p>
          <div className={styles.commandRow}>
            {COMMANDS.map((command) => (
              <Field key={command} label={stopwatchTexts.commandLabel(command)} error={problems[command]}>
                <input
                  value={typed[command]}
                  placeholder={command}
                  maxLength={10}
                  autoCapitalize="off"
                  autoCorrect="off"
                  spellCheck={false}
                  enterKeyHint="go"
                  onChange={(event) => {
                    const value = event.target.value;
                    setTyped((t) => ({ ...t, [command]: value }));
                  }}
                  onKeyDown={onKey(command)}
                />
              </Field>
            ))}
          </div>
        </fieldset>
      </section>

      <section className={styles.history} aria-labelledby="stopwatch-history">
        <h2 id="stopwatch-history">{stopwatchTexts.history}</h2>
        {history.isPending ? (
          <p role="status">{stopwatchTexts.loading}</p>
        ) : records.length === 0 ? (
          <p>{stopwatchTexts.emptyHistory}</p>
        ) : (
          <ol className={styles.records} aria-busy={history.isFetching}>
            {records.map((item) => (
              <HistoryItem key={item.id} record={item} />
            ))}
          </ol>
        )}
        {(history.data?.totalPages ?? 0) > 1 && (
          <PageFooter page={page} totalPages={history.data?.totalPages ?? 1} onPage={setPage} />
        )}
      </section>
      <PortfolioNav current="/stopwatch" />
    </main>
  );
}

/** `/stopwatch` (spec 2 §2): a stopwatch driven by typed commands, with everyone's history. */
export function StopwatchPage() {
  return (
    <AppProviders>
      <Stopwatch />
    </AppProviders>
  );
}
