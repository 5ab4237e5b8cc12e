import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useReducer, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { mathLimits } from '../../../../common/limits.ts';
import { mathReward } from '../../../../common/math.ts';
import { useAuthCheck } from '../../api/authCheck.ts';
import { isApiError } from '../../api/client.ts';
import { mathApi, mathKeys } from '../../api/math.ts';
import { numberFormat, useIntlLocale } from '../../i18n/format.ts';
import { useTexts } from '../../i18n/texts.ts';
import { ownHomePage, useApiFailure } from '../../layout/useApiFailure.ts';
import { PreloadLink } from '../../routing/PreloadLink.tsx';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import {
  type Game,
  gameReducer,
  isTransient,
  remainingMs,
  type Saved,
  startGame,
  withRetries,
} from './game.ts';
import styles from './Math.module.css';

/** What the page keeps in its history entry: the student's name and the game so far. */
type EntryState = { name?: string; mathGame?: Saved } | null;

const SECONDS: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
const COINS: Intl.NumberFormatOptions = { signDisplay: 'negative' };

/**
 * Keeps the game in the history entry, so a reload (or a tab restored later) carries on with its
 * tallies, its timer and an answer not yet sent. Written straight to `history.state` rather than
 * with `navigate`: a navigation per answer would re-run the header's session check each time.
 */
function saveGame(game: Saved): void {
  const entry = (window.history.state ?? {}) as { usr?: EntryState };
  window.history.replaceState({ ...entry, usr: { ...(entry.usr ?? {}), mathGame: game } }, '');
}

/**
 * /math/start: the timed addition drill (docs/product.md, "The addition drill"). The name comes in
 * navigation state (the dashboard's and /math's Start links), else it is the signed-in student. The
 * server issues every question and marks every answer; the page runs the countdown, the timer and
 * the reward.
 */
export function MathGamePage() {
  const { mathTexts } = useTexts('math');
  const { failureTexts } = useTexts('messages');
  const location = useLocation();
  const entry = location.state as EntryState;
  const me = useAuthCheck();
  // Without a name in navigation state it is the signed-in person's game, if they are a student.
  const notAStudent = !entry?.name && !!me.data && !me.data.roles.includes('ROLE_STUDENT');
  const name = entry?.name ?? (notAStudent ? '' : (me.data?.username ?? ''));
  const onFailure = useApiFailure({ otherText: failureTexts.serverIssueDots, forbiddenTo: ownHomePage });
  const queryClient = useQueryClient();
  const [game, dispatch] = useReducer(gameReducer, entry?.mathGame ?? null, startGame);
  const [now, setNow] = useState(() => Date.now());
  const input = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');

  const { phase } = game;
  const fail = (step: 'load' | 'ask' | 'send') => (error: unknown) => {
    if (!isTransient(error)) onFailure(error);
    dispatch({ type: 'failed', step });
  };

  useEffect(() => {
    if (me.error) onFailure(me.error);
  }, [me.error, onFailure]);

  // Each phase's one piece of work; a phase left early (unmounted) ignores its answer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per phase; `fail` and `game` are read at that moment
  useEffect(() => {
    if (!name) return;
    let live = true;
    const guard =
      <T,>(then: (value: T) => void) =>
      (value: T) => {
        if (live) then(value);
      };
    if (phase.name === 'loading') {
      withRetries(() => mathApi.dayCount(name)).then(
        guard((dayCount: number) => dispatch({ type: 'loaded', dayCount })),
        guard(fail('load')),
      );
    } else if (phase.name === 'countdown') {
      const timer = setTimeout(() => dispatch({ type: 'tick' }), 1000);
      return () => {
        live = false;
        clearTimeout(timer);
      };
    } else if (phase.name === 'asking') {
      withRetries(() => mathApi.next(name)).then(
        guard((issued) => dispatch({ type: 'issued', issued, at: Date.now() })),
        guard((error: unknown) =>
          isApiError(error, 409) ? dispatch({ type: 'capReached' }) : fail('ask')(error),
        ),
      );
    } else if (phase.name === 'sending' && game.pending) {
      const pending = game.pending;
      withRetries(() =>
        mathApi.answer({
          name,
          questionId: pending.questionId,
          question: pending.question,
          answer: pending.answer,
          submitDate: new Date().toISOString(),
        }),
      ).then(
        guard(() => dispatch({ type: 'sent' })),
        guard((error: unknown) => {
          // 409: the day was full (another tab reached 100) or the question was answered elsewhere;
          // 404: it is gone. Either way this answer has nothing more to wait for.
          if (isApiError(error, 409) && error.body?.message === mathTexts.dailyCapReached) {
            dispatch({ type: 'capReached' });
          } else if (isApiError(error, 409) || isApiError(error, 404)) dispatch({ type: 'sent' });
          else fail('send')(error);
        }),
      );
    } else if (phase.name === 'done') {
      queryClient.invalidateQueries({ queryKey: mathKeys.all(name) });
    }
    return () => {
      live = false;
    };
  }, [phase, name]);

  // The timer: the bar shrinks every 100 ms; when it runs out the answer is −1 (a timeout).
  useEffect(() => {
    if (phase.name !== 'question') return;
    setNow(Date.now());
    input.current?.focus();
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (remainingMs(game, at) <= 0) dispatch({ type: 'answered', answer: mathLimits.timedOut });
    }, 100);
    return () => clearInterval(timer);
  }, [phase, game]);

  // Every answer given is kept in the history entry until the server has it.
  useEffect(() => {
    saveGame({ correct: game.correct, wrong: game.wrong, limitMs: game.limitMs, pending: game.pending });
  }, [game.correct, game.wrong, game.limitMs, game.pending]);

  // A connection that comes back retries what was stuck.
  useEffect(() => {
    if (phase.name !== 'stuck') return;
    const retry = () => dispatch({ type: 'retry' });
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [phase]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (phase.name !== 'question' || typed === '') return;
    dispatch({ type: 'answered', answer: Number(typed) });
    setTyped('');
    input.current?.focus();
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{mathTexts.gameTitle}</h1>
      {notAStudent ? (
        <Card as="section" aria-label={mathTexts.gameTitle}>
          <p>{mathTexts.studentsOnly}</p>
        </Card>
      ) : phase.name === 'done' ? (
        <Done name={name} />
      ) : (
        <>
          <Scoreboard game={game} />
          <Card as="section" aria-label={mathTexts.gameTitle} className={styles.board}>
            {phase.name === 'countdown' ? (
              <p className={styles.countdown} role="status" aria-label={mathTexts.getReady}>
                {phase.count}
              </p>
            ) : (
              <form className={styles.play} onSubmit={submit}>
                <TimerBar game={game} now={now} />
                <p className={styles.question} aria-live="polite">
                  {phase.name === 'question' ? (
                    <>
                      <span data-testid="math-question">{phase.question.question}</span> = ?
                    </>
                  ) : phase.name === 'stuck' ? null : (
                    <span className={styles.waiting}>
                      {phase.name === 'sending' ? mathTexts.sending : mathTexts.loadingQuestion}
                    </span>
                  )}
                </p>
                <div className={styles.answerRow}>
                  <label className={styles.answerLabel} htmlFor="math-answer">
                    {mathTexts.answerLabel}
                  </label>
                  <input
                    id="math-answer"
                    ref={input}
                    className={styles.answer}
                    type="text"
                    inputMode="numeric"
                    pattern="[0-9]*"
                    enterKeyHint="go"
                    autoComplete="off"
                    maxLength={mathLimits.answerDigitsMax}
                    aria-describedby="math-answer-hint"
                    // Read-only rather than disabled while the server answers, so focus stays here.
                    readOnly={phase.name !== 'question'}
                    value={typed}
                    onChange={(event) => setTyped(event.target.value.replace(/\D/g, ''))}
                  />
                  <Button type="submit" variant="primary" disabled={phase.name !== 'question'}>
                    {mathTexts.send}
                  </Button>
                </div>
                <p id="math-answer-hint" className={styles.hint}>
                  {mathTexts.answerHint}
                </p>
              </form>
            )}
            <Feedback game={game} />
            {phase.name === 'stuck' && (
              <div className={styles.stuck} role="alert">
                <p>
                  {phase.step === 'send'
                    ? mathTexts.stuckSend
                    : phase.step === 'ask'
                      ? mathTexts.stuckAsk
                      : mathTexts.stuckLoad}
                </p>
                <Button variant="primary" onClick={() => dispatch({ type: 'retry' })}>
                  {mathTexts.retry}
                </Button>
              </div>
            )}
          </Card>
        </>
      )}
    </div>
  );
}

function Scoreboard({ game }: { game: Game }) {
  const coins = numberFormat(useIntlLocale(), COINS);
  const { mathTexts } = useTexts('math');
  const reward = mathReward(game.correct, game.wrong);
  return (
    <dl className={styles.scoreboard}>
      <div>
        <dt>{mathTexts.correctTally}</dt>
        <dd data-testid="math-correct">{game.correct}</dd>
      </div>
      <div>
        <dt>{mathTexts.wrongTally}</dt>
        <dd data-testid="math-wrong">{game.wrong}</dd>
      </div>
      <div className={styles.reward}>
        <dt>{mathTexts.reward}</dt>
        <dd data-testid="math-reward">
          <span className={styles.coin} aria-hidden="true" />
          <span aria-hidden="true">{coins.format(reward)}</span>
          <span className="visually-hidden">{mathTexts.rewardAmount(coins.format(reward))}</span>
        </dd>
      </div>
    </dl>
  );
}

/** The bar: the full track is 10 s (the starting timer), the filled part the time left. */
function TimerBar({ game, now }: { game: Game; now: number }) {
  const seconds = numberFormat(useIntlLocale(), SECONDS);
  const { mathTexts } = useTexts('math');
  const left = remainingMs(game, now);
  const width = Math.min(100, (left / mathLimits.timerStartMs) * 100);
  return (
    <div className={styles.timer}>
      <div
        className={styles.track}
        role="progressbar"
        aria-label={mathTexts.timeLeft}
        aria-valuemin={0}
        aria-valuemax={game.limitMs}
        aria-valuenow={Math.round(left)}
        aria-valuetext={mathTexts.secondsLeft(seconds.format(left / 1000))}
      >
        <div className={styles.bar} style={{ width: `${width}%` }} />
      </div>
      <p className={styles.limit} data-testid="math-limit" data-limit-ms={game.limitMs}>
        {mathTexts.timeFor(seconds.format(game.limitMs / 1000))}
      </p>
    </div>
  );
}

function Feedback({ game }: { game: Game }) {
  const { mathTexts } = useTexts('math');
  const { feedback } = game;
  const text = !feedback
    ? ''
    : feedback.outcome === 'correct'
      ? mathTexts.feedbackCorrect
      : feedback.outcome === 'timeout'
        ? mathTexts.feedbackTimeout(feedback.question, feedback.sum)
        : mathTexts.feedbackWrong(feedback.question, feedback.sum);
  return (
    <p
      className={`${styles.feedback} ${feedback?.outcome === 'correct' ? styles.good : styles.bad}`}
      role="status"
      data-testid="math-feedback"
    >
      {text}
    </p>
  );
}

function Done({ name }: { name: string }) {
  const { mathTexts } = useTexts('math');
  return (
    <Card as="section" aria-label={mathTexts.doneTitle} className={styles.done}>
      <h2 className={styles.doneTitle}>{mathTexts.doneTitle}</h2>
      <p>{mathTexts.doneText}</p>
      <nav className={styles.links} aria-label={mathTexts.gameTitle}>
        <PreloadLink
          className={buttonClass({ variant: 'primary' })}
          to={`/math/result/${encodeURIComponent(name)}`}
        >
          {mathTexts.results}
        </PreloadLink>
        <PreloadLink className={buttonClass()} to={`/user/${encodeURIComponent(name)}`}>
          {mathTexts.dashboard}
        </PreloadLink>
      </nav>
    </Card>
  );
}
