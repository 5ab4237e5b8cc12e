import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import type { QuestionOnly } from '../../../../common/contracts/tutoring.ts';
import { parseDateTime } from '../../../../common/dates.ts';
import { questionLimits } from '../../../../common/limits.ts';
import { splitNameList } from '../../../../common/questions/forms.ts';
import { authoringApi, type SearchField, useQuestions } from '../../api/authoring.ts';
import { useTexts } from '../../i18n/texts.ts';
import { PageFooter, PageSizeSelect } from '../../layout/Pager.tsx';
import { useApiFailure } from '../../layout/useApiFailure.ts';
import { usePageParams } from '../../layout/usePageParams.ts';
import { PreloadLink as Link } from '../../routing/PreloadLink.tsx';
import { AnswerText } from '../../ui/AnswerText.tsx';
import { localInputValue, useAppTimeZone } from '../../ui/appTimeZone.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { RichText } from '../../ui/CodeBlock.tsx';
import { FloatingPanel } from '../../ui/FloatingPanel.tsx';
import { FormulaText } from '../../ui/FormulaText.tsx';
import { Pictures } from '../../ui/Pictures.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { addToStudentList } from '../teacher/studentList.ts';
import styles from './ArchivePage.module.css';
import type { BankFormat } from './bankExport.ts';

// Only when asked for: no page's first load carries it.
const Worksheet = lazy(() => import('../worksheet/Worksheet.tsx').then((m) => ({ default: m.Worksheet })));

/** The fields a search looks in, in the selector's order. */
const FIELDS: readonly SearchField[] = [
  'question',
  'answer',
  'title',
  'explanation',
  'choice',
  'hint',
  'all',
];

/**
 * /questions: the archive. A server-side search over every question with the field selector, a
 * Duplicate checkbox per question, and a floating panel that reassigns the chosen ones.
 */
export function ArchivePage() {
  const { failureTexts, appLoadTexts } = useTexts('messages');
  const { archiveTexts: t, questionTexts: q, uploadTexts, bankTexts } = useTexts('authoring');
  const fieldLabel = (f: SearchField) => (f === 'choice' ? t.choice : f === 'all' ? t.all : q[f]);
  const onFailure = useApiFailure({ forbiddenTo: '/login', otherText: failureTexts.listIssue });
  const { showToast } = useToast();
  // The ticked questions shown as a printable worksheet, in place of the archive.
  const [sheet, setSheet] = useState<QuestionOnly[] | null>(null);
  const zone = useAppTimeZone();
  // Paging and the search live in the address: Back, Forward and reload keep the place.
  const { page, size, filters, setPage, setSize, setFilters } = usePageParams(['field', 'q'] as const);
  const search = {
    field: (FIELDS.includes(filters.field as SearchField) ? filters.field : 'all') as SearchField,
    q: filters.q.slice(0, questionLimits.searchMax),
  };
  const [field, setField] = useState<SearchField>(search.field);
  const [text, setText] = useState(search.q);
  useEffect(() => {
    setField(search.field);
    setText(search.q);
  }, [search.field, search.q]);
  const [chosen, setChosen] = useState<Map<number, QuestionOnly>>(new Map());
  const [format, setFormat] = useState<BankFormat>('gift');
  const [exporting, setExporting] = useState(false);
  const [students, setStudents] = useState('');
  // A due date typed in the app's zone (shown beside it); empty: 24 hours from now.
  const [due, setDue] = useState('');
  const dueValue = due || localInputValue(new Date(Date.now() + 24 * 3_600_000), zone);
  const [busy, setBusy] = useState(false);

  const query = useQuestions(page, size, search);
  useEffect(() => {
    if (query.error) onFailure(query.error);
  }, [query.error, onFailure]);

  const runSearch = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    setFilters({ q: q || null, field: q && field !== 'all' ? field : null });
  };
  const toggle = (question: QuestionOnly, on: boolean) =>
    setChosen((current) => {
      const next = new Map(current);
      if (on) next.set(question.id, question);
      else next.delete(question.id);
      return next;
    });

  const reassign = async () => {
    const names = splitNameList(students);
    if (chosen.size === 0) return showToast(t.chooseQuestion);
    if (names.length === 0) return showToast(t.nameStudent);
    const target = parseDateTime(dueValue, zone);
    if (!target) return showToast(uploadTexts.targetDateMissing);
    setBusy(true);
    try {
      await authoringApi.assign([...chosen.keys()], names, target.toISOString());
      addToStudentList(names.join(','));
      showToast(t.assigned(chosen.size, names.join(', ')), 'success');
      setChosen(new Map());
    } catch (error) {
      onFailure(error, { otherText: failureTexts.serverIssue });
    } finally {
      setBusy(false);
    }
  };

  /** Downloads the ticked questions, or (`found`) the search's, as many as one upload takes. */
  const exportQuestions = async (found: boolean) => {
    setExporting(true);
    try {
      let questions = [...chosen.values()];
      if (found) {
        const all = await authoringApi.questions({ page: 0, size: questionLimits.bulkMax }, search);
        questions = all.content;
        if (all.totalElements > questions.length) showToast(bankTexts.exportCut(questionLimits.bulkMax));
      }
      const { downloadBankFile } = await import('./bankExport.ts');
      downloadBankFile(questions, format);
      showToast(bankTexts.exported(questions.length), 'success');
    } catch (error) {
      onFailure(error);
    } finally {
      setExporting(false);
    }
  };

  const printWorksheet = () => {
    if (chosen.size === 0) return showToast(t.chooseQuestion);
    setSheet([...chosen.values()]);
  };

  if (sheet)
    return (
      <Suspense fallback={<p role="status">{appLoadTexts.loading}</p>}>
        <Worksheet picked={sheet} onClose={() => setSheet(null)} />
      </Suspense>
    );
  const content = query.data?.content ?? [];
  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <h1>{t.heading}</h1>
        <nav aria-label={t.teacherPages} className={styles.links}>
          <Link to="/questions">{t.heading}</Link>
          <Link to="/teacher">{t.teacherLink}</Link>
          <Link to="/questions/modify">{t.modifyLink}</Link>
        </nav>
      </div>
      <search>
        <form className={styles.search} onSubmit={runSearch}>
          <label htmlFor="search-field" className="visually-hidden">
            {t.searchIn}
          </label>
          <select id="search-field" value={field} onChange={(e) => setField(e.target.value as SearchField)}>
            {FIELDS.map((f) => (
              <option key={f} value={f}>
                {fieldLabel(f)}
              </option>
            ))}
          </select>
          <label htmlFor="search-text" className="visually-hidden">
            {t.searchText}
          </label>
          <input
            id="search-text"
            type="search"
            value={text}
            maxLength={questionLimits.searchMax}
            aria-describedby="search-limit"
            onChange={(e) => setText(e.target.value)}
            placeholder={t.searchPlaceholder}
          />
          <Button type="submit" variant="primary">
            {t.search}
          </Button>
        </form>
        {/* A pasted text longer than this is cut at the limit: say so rather than search in silence. */}
        <p id="search-limit" className={styles.muted}>
          {text.length >= questionLimits.searchMax
            ? t.searchCut(questionLimits.searchMax)
            : t.searchLimit(questionLimits.searchMax)}
        </p>
      </search>
      <div className={styles.toolbar}>
        <p aria-live="polite">{query.data ? t.found(query.data.totalElements, search.q) : ''}</p>
        <PageSizeSelect size={size} onSize={setSize} />
      </div>
      <fieldset className={styles.export}>
        <legend>{bankTexts.exportLegend}</legend>
        <label htmlFor="export-format">{bankTexts.exportFormat}</label>
        <select id="export-format" value={format} onChange={(e) => setFormat(e.target.value as BankFormat)}>
          {(['gift', 'xml', 'json'] as const).map((f) => (
            <option key={f} value={f}>
              {bankTexts.formats[f]}
            </option>
          ))}
        </select>
        <Button onClick={() => void exportQuestions(false)} disabled={exporting || chosen.size === 0}>
          {bankTexts.exportTicked(chosen.size)}
        </Button>
        <Button onClick={() => void exportQuestions(true)} disabled={exporting || !query.data?.totalElements}>
          {bankTexts.exportFound(Math.min(query.data?.totalElements ?? 0, questionLimits.bulkMax))}
        </Button>
      </fieldset>
      {query.isPending && <p role="status">{appLoadTexts.loading}</p>}
      {content.map((question) => (
        <Card
          as="article"
          key={question.id}
          className={styles.card}
          aria-labelledby={`archive-${question.id}`}
        >
          <header className={styles.cardHead}>
            <h2 id={`archive-${question.id}`}>
              {question.id}. {question.title}
            </h2>
            <label className={styles.duplicate}>
              <input
                type="checkbox"
                checked={chosen.has(question.id)}
                onChange={(e) => toggle(question, e.target.checked)}
              />
              {t.duplicate}
            </label>
          </header>
          <p className={styles.meta}>
            {q.typeNames[question.type]}
            {question.topics.length ? ` · ${question.topics.join(', ')}` : ''}
          </p>
          <RichText text={question.question} />
          <Pictures pictures={question.pictures} part="question" />
          {question.candidates.length > 0 && (
            <ol className={styles.options}>
              {question.candidates.map((c) => (
                <li key={c.id}>
                  <RichText text={c.value} inline />
                </li>
              ))}
            </ol>
          )}
          <dl className={styles.facts}>
            <dt>{q.answer}</dt>
            <dd>
              <AnswerText type={question.type} answer={question.answer} />
            </dd>
            <dt>{q.explanation}</dt>
            <dd>
              <FormulaText text={question.explanation} />
              <Pictures pictures={question.pictures} part="explanation" />
            </dd>
            {question.hint && (
              <>
                <dt>{q.hint}</dt>
                <dd>
                  <FormulaText text={question.hint} />
                </dd>
              </>
            )}
          </dl>
        </Card>
      ))}
      {(query.data?.totalElements ?? 0) > 0 && (
        <PageFooter page={page} totalPages={query.data?.totalPages ?? 1} onPage={setPage} />
      )}
      <FloatingPanel
        title={t.reassign(chosen.size)}
        initiallyOpen
        ready={!query.isPending}
        openWhen={chosen.size > 0}
      >
        <div className={styles.panel}>
          <p className={styles.muted}>
            {chosen.size ? [...chosen.values()].map((c) => c.title).join(', ') : t.tickDuplicate}
          </p>
          <label htmlFor="reassign-students">{t.studentsFor}</label>
          <input
            id="reassign-students"
            value={students}
            onChange={(e) => setStudents(e.target.value)}
            placeholder={t.studentsExample}
          />
          <label htmlFor="reassign-due">{t.targetDate}</label>
          <input
            id="reassign-due"
            type="datetime-local"
            value={dueValue}
            aria-describedby="reassign-zone"
            onChange={(e) => setDue(e.target.value)}
          />
          <span id="reassign-zone" className={styles.muted}>
            {q.zoneTime(zone)}
          </span>
          <Button variant="primary" onClick={() => void reassign()} disabled={busy}>
            {t.submit}
          </Button>
          <Button variant="secondary" onClick={printWorksheet}>
            {t.printWorksheet}
          </Button>
        </div>
      </FloatingPanel>
    </div>
  );
}
