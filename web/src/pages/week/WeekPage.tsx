import { useQuery } from '@tanstack/react-query';
import { Fragment, useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { Week, WeekItem } from '../../../../common/contracts/week.ts';
import { isDay } from '../../../../common/dates.ts';
import { decodeMultiAnswer } from '../../../../common/questions/rules.ts';
import { addDays } from '../../../../common/week.ts';
import { weekApi } from '../../api/week.ts';
import { dateFormat, useIntlLocale } from '../../i18n/format.ts';
import { useTexts } from '../../i18n/texts.ts';
import { ownHomePage, useApiFailure } from '../../layout/useApiFailure.ts';
import { PreloadLink } from '../../routing/PreloadLink.tsx';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { FormulaText } from '../../ui/FormulaText.tsx';
import { Pictures } from '../../ui/Pictures.tsx';
import styles from './WeekPage.module.css';

/** "Tue 10 Mar", "3월 10일 (화)": a day (already a day in APP_TIME_ZONE) as people read it. */
const DAY: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' };
const dayReader = (locale: string) => (day: string) =>
  dateFormat(locale, DAY).format(new Date(`${day}T00:00:00Z`));
const readableTime = (dateTime: string) => dateTime.slice(11, 16);

/** An answer with its formulas; a multiple-answer one (a JSON list of options) as the options. */
function AnswerShown({ type, answer }: { type: WeekItem['type']; answer: string }) {
  const options = type === 'M' ? decodeMultiAnswer(answer) : null;
  if (!options) return <FormulaText text={answer} />;
  return options.map((option, i) => (
    <Fragment key={option}>
      {i > 0 && ', '}
      <FormulaText text={option} />
    </Fragment>
  ));
}

const TONE = { correct: 'ok', wrong: 'bad', unmarked: undefined, todo: undefined } as const;

/**
 * /week/{name}?start=YYYY-MM-DD: one child's week for a parent, read-only; teachers, admins
 * and the child see it too. The week is in the address, so it can be bookmarked, printed and stepped
 * through with the browser's back button.
 */
export function WeekPage() {
  const { weekTexts } = useTexts('week');
  const { failureTexts } = useTexts('messages');
  const { name = '' } = useParams();
  const [params] = useSearchParams();
  const asked = params.get('start');
  const start = asked && isDay(asked) ? asked : null;
  const onFailure = useApiFailure({ otherText: failureTexts.serverIssueDots, forbiddenTo: ownHomePage });
  const week = useQuery({
    queryKey: weekApi.key(name, start),
    queryFn: () => weekApi.week(name, start),
  });
  useEffect(() => {
    if (week.error) onFailure(week.error);
  }, [week.error, onFailure]);

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{weekTexts.title(name)}</h1>
      {!week.isSuccess ? (
        <p role="status">{week.error ? failureTexts.serverIssueDots : weekTexts.loading}</p>
      ) : (
        <WeekView week={week.data} />
      )}
    </div>
  );
}

function WeekView({ week }: { week: Week }) {
  const readableDay = dayReader(useIntlLocale());
  const { weekTexts } = useTexts('week');
  const path = `/week/${encodeURIComponent(week.name)}`;
  const answered = week.items.filter((item) => item.status !== 'todo');
  const toDo = week.items.filter((item) => item.status === 'todo');
  const isThisWeek = week.start <= week.today && week.today <= week.end;
  return (
    <>
      <p className={styles.range}>{weekTexts.range(readableDay(week.start), readableDay(week.end))}</p>
      <p className={styles.summary} data-testid="week-summary">
        {weekTexts.summary(week.summary)}
      </p>
      <p className={styles.more}>{weekTexts.summaryMore(week.summary)}</p>
      <nav className={styles.steps} aria-label={weekTexts.weekSteps}>
        <PreloadLink className={buttonClass({ size: 'sm' })} to={`${path}?start=${addDays(week.start, -7)}`}>
          ← {weekTexts.previous}
        </PreloadLink>
        {!isThisWeek && (
          <PreloadLink className={buttonClass({ size: 'sm', variant: 'ghost' })} to={path}>
            {weekTexts.thisWeek}
          </PreloadLink>
        )}
        <PreloadLink className={buttonClass({ size: 'sm' })} to={`${path}?start=${addDays(week.start, 7)}`}>
          {weekTexts.next} →
        </PreloadLink>
        <Button size="sm" variant="ghost" onClick={() => window.print()}>
          {weekTexts.print}
        </Button>
      </nav>

      <Card as="section" title={weekTexts.toDo} aria-label={weekTexts.toDo} className={styles.section}>
        {toDo.length === 0 ? (
          <p className={styles.muted}>{weekTexts.nothingToDo}</p>
        ) : (
          <ul className={styles.todo}>
            {toDo.map((item) => (
              <li key={item.questionId}>
                <span className={styles.itemTitle}>{item.title}</span>{' '}
                <span className={styles.muted}>
                  {weekTexts.due} {readableDay(item.dueDay)} {readableTime(item.targetDate)}
                  {item.dueDay < week.today ? ` (${weekTexts.overdue})` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <section className={styles.section} aria-label={weekTexts.answered}>
        <h2 className={styles.heading}>{weekTexts.answered}</h2>
        {answered.length === 0 ? (
          <p className={styles.muted}>{weekTexts.nothingAnswered}</p>
        ) : (
          <ol className={styles.answers}>
            {answered.map((item) => (
              <Card as="li" key={item.questionId} level={3} title={item.title} tone={TONE[item.status]}>
                <p className={styles.meta}>
                  <strong className={styles[item.status]}>{weekTexts.status[item.status]}</strong>
                  {' · '}
                  {weekTexts.due} {readableDay(item.dueDay)}
                  {item.submitDate &&
                    ` · ${weekTexts.answeredOn} ${readableDay(item.submitDate.slice(0, 10))} ${readableTime(item.submitDate)}`}
                </p>
                <dl className={styles.pairs}>
                  <dt>{weekTexts.theirAnswer}</dt>
                  <dd className={styles.text}>
                    <AnswerShown type={item.type} answer={item.answer ?? ''} />
                  </dd>
                  <dt>{weekTexts.modelAnswer}</dt>
                  <dd className={styles.text}>
                    <AnswerShown type={item.type} answer={item.modelAnswer ?? ''} />
                  </dd>
                  <dt>{weekTexts.explanation}</dt>
                  <dd className={styles.text}>
                    <FormulaText text={item.explanation ?? ''} />
                    <Pictures pictures={item.pictures} part="explanation" />
                  </dd>
                </dl>
              </Card>
            ))}
          </ol>
        )}
      </section>

      <Card as="section" title={weekTexts.drill} aria-label={weekTexts.drill} className={styles.section}>
        {week.drill.length === 0 ? (
          <p className={styles.muted}>{weekTexts.noDrill}</p>
        ) : (
          <table className={styles.drill}>
            <thead>
              <tr>
                <th scope="col">{weekTexts.day}</th>
                <th scope="col">{weekTexts.right}</th>
                <th scope="col">{weekTexts.wrongCount}</th>
              </tr>
            </thead>
            <tbody>
              {week.drill.map((day) => (
                <tr key={day.day}>
                  <th scope="row">{readableDay(day.day)}</th>
                  <td>{day.correct}</td>
                  <td>{day.wrong}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </>
  );
}
