import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ModifyResult } from '../../../../common/contracts/tutoring.ts';
import { authoringApi, type QuestionChange, useQuestions } from '../../api/authoring.ts';
import { type Namespaces, useTexts } from '../../i18n/texts.ts';
import { PageFooter, PageSizeSelect } from '../../layout/Pager.tsx';
import { useApiFailure } from '../../layout/useApiFailure.ts';
import { usePageParams } from '../../layout/usePageParams.ts';
import { PreloadLink as Link } from '../../routing/PreloadLink.tsx';
import { AnswerText } from '../../ui/AnswerText.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { RichText } from '../../ui/CodeBlock.tsx';
import { FormulaText } from '../../ui/FormulaText.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { changedFields, type Editable, toEditable, type WireFields } from './editable.ts';
import styles from './ModifyPage.module.css';
import { QuestionEditor } from './QuestionEditor.tsx';

/** A changed field's name: the question form's words for it. */
const fieldName = (q: Namespaces['authoring']['questionTexts'], field: keyof WireFields): string =>
  field === 'candidates' ? q.options : q[field];

/** A changed field's value as people read it: code as code, options as a list, never the markers. */
function Shown({ field, wire }: { field: keyof WireFields; wire: WireFields }) {
  const { questionTexts } = useTexts('authoring');
  switch (field) {
    case 'question':
      return <RichText text={wire.question} inline />;
    case 'candidates':
      return (
        <ol>
          {wire.candidates.map((c) => (
            <li key={c}>
              <RichText text={c} inline />
            </li>
          ))}
        </ol>
      );
    case 'answer':
      return <AnswerText type={wire.type} answer={wire.answer} />;
    case 'explanation':
      return <FormulaText text={wire.explanation} />;
    case 'hint':
      return wire.hint === null ? questionTexts.none : <FormulaText text={wire.hint} />;
    case 'type':
      return <>{questionTexts.typeNames[wire.type]}</>;
    case 'topics':
      return <>{wire.topics.join(', ')}</>;
    case 'pictures':
      return <>{wire.pictures.map((p) => p.alt).join(', ') || questionTexts.none}</>;
    default:
      return <>{wire[field] ?? questionTexts.none}</>;
  }
}

/**
 * /questions/modify[?page=&size=&title=]: edit questions page by page; pending edits are kept across
 * pages until Modify. Code is edited in its own fields with a language picker.
 */
export function ModifyPage() {
  const { failureTexts, appLoadTexts } = useTexts('messages');
  const { modifyTexts: t, questionTexts, pictureTexts } = useTexts('authoring');
  const queryClient = useQueryClient();
  const onFailure = useApiFailure({ forbiddenTo: '/login', otherText: failureTexts.listIssue });
  const { showToast } = useToast();
  const { page, size, filters, setPage, setSize, setFilters } = usePageParams(['title'] as const);
  const titleFilter = filters.title;
  const [originals, setOriginals] = useState<Map<number, Editable>>(new Map());
  const [edits, setEdits] = useState<Map<number, Editable>>(new Map());
  const [result, setResult] = useState<ModifyResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [titleText, setTitleText] = useState(titleFilter);
  // Back and Forward change the filter in the address: the box follows.
  useEffect(() => setTitleText(titleFilter), [titleFilter]);

  const query = useQuestions(page, size, { field: 'title', q: titleFilter }, 'modify');
  useEffect(() => {
    if (query.error) onFailure(query.error);
  }, [query.error, onFailure]);
  useEffect(() => {
    if (!query.data) return;
    setOriginals((current) => {
      const next = new Map(current);
      for (const q of query.data.content) if (!next.has(q.id)) next.set(q.id, toEditable(q));
      return next;
    });
  }, [query.data]);

  const currentValues = (id: number) => edits.get(id) ?? originals.get(id);
  const change = (id: number, next: Editable) => setEdits((current) => new Map(current).set(id, next));

  const pending = [...edits].flatMap(([id, edited]) => {
    const diff = changedFields(originals.get(id)!, edited);
    return diff.fields.length ? [{ id, ...diff }] : [];
  });

  const modify = async () => {
    for (const { id, after } of pending) {
      const withoutAlt = after.pictures.findIndex((p) => !p.alt);
      if (withoutAlt !== -1) {
        showToast(`${t.questionNumber(id)}: ${pictureTexts.altMissing(withoutAlt + 1)}`);
        return;
      }
    }
    const changes: QuestionChange[] = pending.map(({ id, fields, after }) => {
      const out: QuestionChange = { id };
      for (const f of fields) (out as Record<string, unknown>)[f] = after[f];
      return out;
    });
    setBusy(true);
    try {
      const answer = await authoringApi.modify(changes);
      setResult(answer);
      showToast(t.modified(answer.count, answer.remarked.length), 'success');
      setEdits(new Map());
      setOriginals(new Map());
      await queryClient.invalidateQueries({ queryKey: ['questions'] });
    } catch (error) {
      onFailure(error, {
        otherText: failureTexts.serverIssue,
        item: (index) => t.questionNumber(changes[index]?.id ?? index + 1),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.page}>
      <div className={styles.main}>
        <div className={styles.head}>
          <h1>{t.heading}</h1>
          <Link to="/questions">{t.archiveLink}</Link>
          <PageSizeSelect size={size} onSize={setSize} />
        </div>
        <search>
          <form
            className={styles.filter}
            onSubmit={(e) => {
              e.preventDefault();
              setFilters({ title: titleText.trim() || null });
            }}
          >
            <label htmlFor="modify-filter">{t.findByTitle}</label>
            <input
              id="modify-filter"
              type="search"
              value={titleText}
              onChange={(e) => setTitleText(e.target.value)}
            />
            <Button type="submit">{t.find}</Button>
          </form>
        </search>
        {query.isPending && <p role="status">{appLoadTexts.loading}</p>}
        {(query.data?.content ?? []).map((q) => {
          const v = currentValues(q.id);
          if (!v) return null;
          return (
            <Card as="article" key={q.id} className={styles.card} aria-label={t.questionNumber(q.id)}>
              <h2 className={styles.cardTitle}>
                {q.id}. {v.title}
              </h2>
              <QuestionEditor
                id={q.id}
                value={v}
                onChange={(next) => change(q.id, next)}
                onFailure={(error) => onFailure(error, { otherText: failureTexts.serverIssue })}
              />
            </Card>
          );
        })}
        {(query.data?.totalElements ?? 0) > 0 && (
          <PageFooter page={page} totalPages={query.data?.totalPages ?? 1} onPage={setPage} />
        )}
      </div>
      <aside className={styles.panel} aria-labelledby="pending-title">
        <h2 id="pending-title">{t.pending(pending.length)}</h2>
        {pending.length === 0 && <p className={styles.muted}>{t.noPending}</p>}
        <ul className={styles.changes}>
          {pending.map(({ id, fields, before, after }) => (
            <li key={id}>
              <strong>{t.questionNumber(id)}</strong>
              <dl>
                {fields.map((f) => (
                  <div key={f}>
                    <dt>{fieldName(questionTexts, f)}</dt>
                    <dd>
                      <del>
                        <Shown field={f} wire={before} />
                      </del>{' '}
                      →{' '}
                      <ins>
                        <Shown field={f} wire={after} />
                      </ins>
                    </dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
        <Button
          variant="primary"
          className={styles.wide}
          disabled={pending.length === 0 || busy}
          onClick={() => void modify()}
        >
          {t.modify}
        </Button>
        {result && result.remarked.length > 0 && (
          <section aria-label={t.marksChanged}>
            <h3>{t.marksChanged}</h3>
            <ul className={styles.changes}>
              {result.remarked.map((r) => (
                <li key={r.submissionId}>
                  {t.remarked(r.student, r.questionId, t.markNames[r.from], t.markNames[r.to])}
                </li>
              ))}
            </ul>
          </section>
        )}
      </aside>
    </div>
  );
}
