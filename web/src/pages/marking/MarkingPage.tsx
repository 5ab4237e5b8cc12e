import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import type { MarkingInboxItem, MarkSuggestion } from '../../../../common/contracts/tutoring.ts';
import type { Mark } from '../../../../common/questions/rules.ts';
import { useStudents } from '../../api/authoring.ts';
import { isApiError } from '../../api/client.ts';
import { failureMessage } from '../../api/failures.ts';
import { markingApi, markingKeys } from '../../api/marking.ts';
import { dateFormat, useIntlLocale } from '../../i18n/format.ts';
import { useTexts } from '../../i18n/texts.ts';
import { PageFooter, PageSizeSelect } from '../../layout/Pager.tsx';
import { useApiFailure } from '../../layout/useApiFailure.ts';
import { usePageParams } from '../../layout/usePageParams.ts';
import { PreloadLink as Link } from '../../routing/PreloadLink.tsx';
import { AnswerText } from '../../ui/AnswerText.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { RichText } from '../../ui/CodeBlock.tsx';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import { FormulaText } from '../../ui/FormulaText.tsx';
import { Pictures } from '../../ui/Pictures.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { useDateTexts } from '../tutoring/format.ts';
import styles from './MarkingPage.module.css';

/**
 * The due day filtered on as people read it ("Tue, 10 Mar 2026", "2026년 3월 10일 (화)"): the address
 * holds a day already counted in APP_TIME_ZONE, so it is read at midnight UTC and formatted in UTC.
 */
const DUE_DAY: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
};
const dueDayInWords = (day: string, locale: string): string =>
  dateFormat(locale, DUE_DAY).format(new Date(`${day}T00:00:00Z`));

/** The mark buttons, with the key that sets each (1 correct, 2 wrong, 0 back to unmarked). */
const CHOICES: { mark: Mark; label: 'correct' | 'wrong' | 'unmarked'; key: string }[] = [
  { mark: 1, label: 'correct', key: '1' },
  { mark: -1, label: 'wrong', key: '2' },
  { mark: 0, label: 'unmarked', key: '0' },
];

/** /marking: every student's unmarked answers (teachers, admins), filterable by student and due day. */
export function MarkingInboxPage() {
  return <Marking student={null} />;
}

/** /marking/{name}: the same inbox for one student, with a way back to everyone's. */
export function MarkingPage() {
  const { name = '' } = useParams();
  return <Marking student={name} />;
}

type Group = { questionId: number; items: { item: MarkingInboxItem; index: number }[] };

/** Consecutive answers to one question (the server sends them grouped) as one group. */
function groupByQuestion(items: readonly MarkingInboxItem[]): Group[] {
  const groups: Group[] = [];
  items.forEach((item, index) => {
    const last = groups.at(-1);
    if (last?.questionId === item.question.id) last.items.push({ item, index });
    else groups.push({ questionId: item.question.id, items: [{ item, index }] });
  });
  return groups;
}

/**
 * The marking inbox: answers grouped by question with the model answer beside them, the longest
 * waiting first. Marks are chosen by button or by key (1 correct, 2 wrong, 0 unmarked; each moves
 * on to the next answer; ↑/↓ move) and kept across pages until the one Submit. A short answer may
 * come with a suggested mark and why: shown, never applied until the teacher presses
 * Enter on the answer or its Accept button.
 */
function Marking({ student }: { student: string | null }) {
  const dates = useDateTexts();
  const { markingTexts, markingInboxTexts: t } = useTexts('marking');
  const { failureTexts, appLoadTexts } = useTexts('messages');
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const { showToast } = useToast();
  const { page, size, date, filters, setPage, setSize, setFilters } = usePageParams(['student'] as const);
  const locale = useIntlLocale();
  const filter = { student: student ?? (filters.student || null), date };
  const onFailure = useApiFailure({ forbiddenTo: '/login' });
  const [marks, setMarks] = useState<Map<number, Mark>>(new Map());
  const [active, setActive] = useState(0);
  const [busy, setBusy] = useState(false);
  const rows = useRef<(HTMLLIElement | null)[]>([]);

  const query = useQuery({
    queryKey: markingKeys.inbox(filter, page, size),
    queryFn: () => markingApi.inbox(filter, { page, size }),
    placeholderData: keepPreviousData,
  });
  const unknownStudent = isApiError(query.error, 404);
  useEffect(() => {
    if (query.error && !isApiError(query.error, 404))
      onFailure(query.error, { otherText: failureTexts.listIssue });
  }, [query.error, onFailure, failureTexts.listIssue]);

  const items = query.data?.content ?? [];
  const groups = groupByQuestion(items);
  const changes = [...marks].filter(([, mark]) => mark !== 0);

  const setMark = (id: number, mark: Mark) => setMarks((current) => new Map(current).set(id, mark));
  const move = (index: number) => {
    const next = Math.max(0, Math.min(items.length - 1, index));
    setActive(next);
    rows.current[next]?.focus();
  };
  const onRowKey = (event: KeyboardEvent, index: number) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const choice = CHOICES.find((c) => c.key === event.key);
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: items.length - 1,
    };
    const suggestion = items[index]!.suggestion;
    if (choice) {
      setMark(items[index]!.id, choice.mark);
      move(index + 1);
    } else if (event.key === 'Enter' && suggestion && event.target === event.currentTarget) {
      // Only on the answer itself: Enter on a focused mark button is that button's own click.
      setMark(items[index]!.id, suggestion.mark);
      move(index + 1);
    } else if (event.key in moves) move(moves[event.key]!);
    else return;
    event.preventDefault();
  };

  const submit = async () => {
    if (!(await confirm(t.confirmSubmit))) return;
    setBusy(true);
    try {
      const updated = await markingApi.mark(Object.fromEntries(changes));
      showToast(t.marked(updated.length), 'success');
      setMarks(new Map());
      setActive(0);
      // What a reload would show: the list without the marked answers, and every count.
      await Promise.all(
        [markingKeys.all, ['submissions'], ['calendar'], ['review']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    } catch (error) {
      onFailure(error, { otherText: failureTexts.serverIssue });
    } finally {
      setBusy(false);
    }
  };

  const title = t.title(student);
  const total = query.data?.totalElements ?? 0;
  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <h1 className={styles.heading}>{title}</h1>
        <nav aria-label={t.nav} className={styles.links}>
          {student ? (
            <>
              <Link to="/marking">{t.everyStudentsAnswers}</Link>
              <Link to={`/submission/${encodeURIComponent(student)}`}>{t.submissionsOf(student)}</Link>
            </>
          ) : (
            <Link to="/teacher">{t.teacherPage}</Link>
          )}
        </nav>
      </div>
      <Filters
        student={student}
        chosen={filters.student}
        date={date}
        onChange={(next) => {
          setActive(0);
          setFilters(next);
        }}
      />
      <div className={styles.toolbar}>
        <p aria-live="polite" className={styles.count}>
          {query.data ? t.toMark(total) : ''}
        </p>
        <PageSizeSelect size={size} onSize={setSize} />
      </div>
      <p id="marking-keys" className={styles.keys}>
        {t.keysIntro} <kbd>1</kbd> {t.keyCorrect}, <kbd>2</kbd> {t.keyWrong}, <kbd>0</kbd> {t.keyUnmarked},{' '}
        <kbd>↑</kbd> <kbd>↓</kbd> {t.keyMove}, <kbd>Enter</kbd> {markingTexts.acceptKey}.
      </p>
      {query.isPending && <p role="status">{appLoadTexts.loading}</p>}
      {unknownStudent && (
        <p role="alert" className={styles.problem}>
          {failureMessage(query.error, {
            fallback: failureTexts.listIssue,
            notFound: t.noSuchStudent(filter.student ?? ''),
          })}{' '}
          <Link to="/marking">{t.seeEveryStudent}</Link>.
        </p>
      )}
      {query.isSuccess && total === 0 && (
        <p className={styles.empty}>{t.nothingToMark(filter.student, date && dueDayInWords(date, locale))}</p>
      )}
      {groups.map((group) => {
        const question = group.items[0]!.item.question;
        return (
          <Card as="section" key={`${group.questionId}-${group.items[0]!.index}`} className={styles.group}>
            <h2 className={styles.questionTitle}>{question.title}</h2>
            <div className={styles.columns}>
              <div className={styles.question}>
                <RichText text={question.question} />
                <Pictures pictures={question.pictures} part="question" />
                <dl className={styles.facts}>
                  <dt>{t.modelAnswer}</dt>
                  <dd>
                    <AnswerText type={question.type} answer={question.answer} />
                  </dd>
                  <dt>{t.explanation}</dt>
                  <dd>
                    <FormulaText text={question.explanation} />
                    <Pictures pictures={question.pictures} part="explanation" />
                  </dd>
                </dl>
              </div>
              <ol className={styles.answers} aria-label={t.answersTo(question.title)}>
                {group.items.map(({ item, index }) => {
                  const current = marks.get(item.id) ?? item.marked;
                  return (
                    <li
                      key={item.id}
                      ref={(el) => {
                        rows.current[index] = el;
                      }}
                      className={`${styles.answer} ${current === 1 ? styles.correct : current === -1 ? styles.wrong : ''}`}
                      tabIndex={index === active ? 0 : -1}
                      aria-label={t.answerOf(item.student, question.title)}
                      aria-describedby={
                        item.suggestion ? `suggestion-${item.id} marking-keys` : 'marking-keys'
                      }
                      onFocus={() => setActive(index)}
                      onKeyDown={(event) => onRowKey(event, index)}
                    >
                      <p className={styles.who}>
                        <strong>{item.student}</strong>{' '}
                        <time dateTime={item.submitDate} className={styles.when}>
                          {dates.when(item.submitDate)}
                        </time>
                        {item.redo && t.redo}
                      </p>
                      <div className={styles.given}>
                        <AnswerText type={question.type} answer={item.studentAnswer} />
                      </div>
                      {item.suggestion && (
                        <Suggestion
                          id={`suggestion-${item.id}`}
                          suggestion={item.suggestion}
                          student={item.student}
                          accepted={current === item.suggestion.mark}
                          onAccept={(mark) => {
                            setActive(index);
                            setMark(item.id, mark);
                          }}
                        />
                      )}
                      <fieldset className={styles.choices}>
                        <legend className="visually-hidden">{t.markFor(item.student)}</legend>
                        {CHOICES.map((choice) => (
                          <Button
                            key={choice.mark}
                            size="sm"
                            variant={current === choice.mark ? 'primary' : 'secondary'}
                            aria-pressed={current === choice.mark}
                            tabIndex={-1}
                            onClick={() => {
                              setActive(index);
                              setMark(item.id, choice.mark);
                            }}
                          >
                            {t[choice.label]}
                          </Button>
                        ))}
                      </fieldset>
                    </li>
                  );
                })}
              </ol>
            </div>
          </Card>
        );
      })}
      {total > 0 && <PageFooter page={page} totalPages={query.data?.totalPages ?? 1} onPage={setPage} />}
      <div className={styles.submitBar}>
        <span aria-live="polite">{t.marksToSubmit(changes.length)}</span>
        <Button variant="primary" disabled={busy || changes.length === 0} onClick={() => void submit()}>
          {t.submit}
        </Button>
      </div>
    </div>
  );
}

/** A suggested mark and why, with a button that accepts it (the same as Enter on the answer). */
function Suggestion({
  id,
  suggestion,
  student,
  accepted,
  onAccept,
}: {
  id: string;
  suggestion: MarkSuggestion;
  student: string;
  accepted: boolean;
  onAccept: (mark: 1 | -1) => void;
}) {
  const { markingTexts } = useTexts('marking');
  const name = markingTexts.markName[suggestion.mark];
  return (
    <div className={styles.suggestion}>
      <p id={id} className={styles.suggestionText}>
        {markingTexts.suggested} <strong>{name}</strong>.{' '}
        {markingTexts.reasons[suggestion.reason](name, suggestion.count)}
      </p>
      {!accepted && (
        <Button
          size="sm"
          variant="secondary"
          tabIndex={-1}
          aria-label={markingTexts.acceptName(name, student)}
          onClick={() => onAccept(suggestion.mark)}
        >
          {markingTexts.accept}
        </Button>
      )}
    </div>
  );
}

/** The inbox's filters: the student (on /marking only) and the due day, kept in the address. */
function Filters({
  student,
  chosen,
  date,
  onChange,
}: {
  student: string | null;
  chosen: string;
  date: string | null;
  onChange: (next: { student?: string | null; date?: string | null }) => void;
}) {
  const { markingInboxTexts: t } = useTexts('marking');
  const students = useStudents({ enabled: student === null });
  return (
    <search className={styles.filters}>
      {student === null && (
        <label>
          {t.student}{' '}
          <select
            value={chosen.toLowerCase()}
            onChange={(e) => onChange({ student: e.target.value || null })}
          >
            <option value="">{t.everyStudent}</option>
            {chosen && !students.data?.some((s) => s.name.toLowerCase() === chosen.toLowerCase()) && (
              <option value={chosen.toLowerCase()}>{chosen}</option>
            )}
            {(students.data ?? []).map((s) => (
              <option key={s.id} value={s.name.toLowerCase()}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        {t.dueDay}{' '}
        <input type="date" value={date ?? ''} onChange={(e) => onChange({ date: e.target.value || null })} />
      </label>
      {date && (
        <Button size="sm" variant="ghost" onClick={() => onChange({ date: null })}>
          {t.anyDay}
        </Button>
      )}
    </search>
  );
}
