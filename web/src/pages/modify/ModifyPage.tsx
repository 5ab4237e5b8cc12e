import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { ModifyResult, QuestionOnly } from '../../../../common/contracts/tutoring.ts';
import { failureTexts } from '../../../../common/messages.ts';
import { splitNameList } from '../../../../common/questions/rules.ts';
import { authoringApi, authoringKeys, type QuestionChange } from '../../api/authoring.ts';
import { PageFooter, PageSizeSelect } from '../../layout/Pager.tsx';
import { DEFAULT_PAGE_SIZE } from '../../layout/paging.ts';
import { useApiFailure } from '../../layout/useApiFailure.ts';
import { useToast } from '../../ui/Toast.tsx';
import styles from './ModifyPage.module.css';

type Editable = {
  title: string;
  question: string;
  type: 'm' | 'M' | 's';
  candidates: string[];
  answer: string;
  explanation: string;
  hint: string;
  topics: string;
};
type Field = keyof Editable;
const FIELDS: Field[] = [
  'title',
  'question',
  'type',
  'candidates',
  'answer',
  'explanation',
  'hint',
  'topics',
];

function editable(q: QuestionOnly): Editable {
  return {
    title: q.title,
    question: q.question,
    type: q.type,
    candidates: q.candidates.map((c) => c.value),
    answer: q.answer,
    explanation: q.explanation,
    hint: q.hint ?? '',
    topics: q.topics.join(', '),
  };
}
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const show = (v: unknown) => (Array.isArray(v) ? v.join(' | ') : String(v));
const markName = { 1: 'correct', [-1]: 'wrong', 0: 'unmarked' } as Record<number, string>;

/** /questions/modify: edit questions page by page; pending edits are kept across pages until Modify. */
export function ModifyPage() {
  const queryClient = useQueryClient();
  const onFailure = useApiFailure({ forbiddenTo: '/login', otherText: failureTexts.listIssue });
  const { showToast } = useToast();
  const [paging, setPaging] = useState({ page: 0, size: DEFAULT_PAGE_SIZE });
  const [originals, setOriginals] = useState<Map<number, Editable>>(new Map());
  const [edits, setEdits] = useState<Map<number, Editable>>(new Map());
  const [result, setResult] = useState<ModifyResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [titleText, setTitleText] = useState('');
  const [titleFilter, setTitleFilter] = useState('');

  const query = useQuery({
    queryKey: authoringKeys.questions(paging.page, paging.size, 'modify', titleFilter),
    queryFn: () => authoringApi.questions(paging, { field: 'title', q: titleFilter }),
    retry: false,
  });
  useEffect(() => {
    if (query.error) onFailure(query.error);
  }, [query.error, onFailure]);
  useEffect(() => {
    if (!query.data) return;
    setOriginals((current) => {
      const next = new Map(current);
      for (const q of query.data.content) if (!next.has(q.id)) next.set(q.id, editable(q));
      return next;
    });
  }, [query.data]);

  const currentValues = (id: number) => edits.get(id) ?? originals.get(id);
  const change = (id: number, field: Field, value: Editable[Field]) =>
    setEdits((current) => {
      const next = new Map(current);
      next.set(id, { ...(current.get(id) ?? originals.get(id)!), [field]: value } as Editable);
      return next;
    });

  const pending = [...edits].flatMap(([id, edited]) => {
    const original = originals.get(id)!;
    const fields = FIELDS.filter((f) => !same(original[f], edited[f]));
    return fields.length ? [{ id, fields, original, edited }] : [];
  });

  const modify = async () => {
    const changes: QuestionChange[] = pending.map(({ id, fields, edited }) => {
      const out: QuestionChange = { id };
      for (const f of fields) {
        if (f === 'topics') out.topics = splitNameList(edited.topics);
        else if (f === 'hint') out.hint = edited.hint.trim() ? edited.hint : null;
        else (out as Record<string, unknown>)[f] = edited[f];
      }
      return out;
    });
    setBusy(true);
    try {
      const answer = await authoringApi.modify(changes);
      setResult(answer);
      showToast(
        `Modified ${answer.count} question${answer.count === 1 ? '' : 's'}${answer.remarked.length ? `; ${answer.remarked.length} marks changed` : ''}.`,
        'success',
      );
      setEdits(new Map());
      setOriginals(new Map());
      await queryClient.invalidateQueries({ queryKey: ['questions'] });
    } catch (error) {
      onFailure(error, {
        otherText: failureTexts.serverIssue,
        item: (index) => `Question ${changes[index]?.id ?? index + 1}`,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.page}>
      <div className={styles.main}>
        <div className={styles.head}>
          <h1>Modify questions</h1>
          <Link to="/questions">Archive</Link>
          <PageSizeSelect size={paging.size} onSize={(size) => setPaging({ page: 0, size })} />
        </div>
        <search>
          <form
            className={styles.filter}
            onSubmit={(e) => {
              e.preventDefault();
              setTitleFilter(titleText.trim());
              setPaging((p) => ({ ...p, page: 0 }));
            }}
          >
            <label htmlFor="modify-filter">Find by title</label>
            <input
              id="modify-filter"
              type="search"
              value={titleText}
              onChange={(e) => setTitleText(e.target.value)}
            />
            <button type="submit">Find</button>
          </form>
        </search>
        {query.isPending && <p role="status">Loading…</p>}
        {(query.data?.content ?? []).map((q) => {
          const v = currentValues(q.id);
          if (!v) return null;
          const id = (f: string) => `mod-${q.id}-${f}`;
          return (
            <article key={q.id} className={styles.card} aria-label={`Question ${q.id}`}>
              <h2 className={styles.cardTitle}>
                {q.id}. {v.title}
              </h2>
              <div className={styles.grid}>
                <label htmlFor={id('title')}>Title</label>
                <input
                  id={id('title')}
                  value={v.title}
                  onChange={(e) => change(q.id, 'title', e.target.value)}
                />
                <label htmlFor={id('question')}>Question</label>
                <textarea
                  id={id('question')}
                  rows={3}
                  value={v.question}
                  onChange={(e) => change(q.id, 'question', e.target.value)}
                />
                <label htmlFor={id('type')}>Type</label>
                <select
                  id={id('type')}
                  value={v.type}
                  onChange={(e) => change(q.id, 'type', e.target.value as Editable['type'])}
                >
                  <option value="m">m</option>
                  <option value="M">M</option>
                  <option value="s">s</option>
                </select>
                <label htmlFor={id('candidates')}>Options (one per line; &amp;code: for code)</label>
                <textarea
                  id={id('candidates')}
                  rows={Math.max(2, v.candidates.length)}
                  value={v.candidates.join('\n')}
                  onChange={(e) => change(q.id, 'candidates', e.target.value.split('\n'))}
                />
                <label htmlFor={id('answer')}>Answer</label>
                <input
                  id={id('answer')}
                  value={v.answer}
                  onChange={(e) => change(q.id, 'answer', e.target.value)}
                />
                <label htmlFor={id('explanation')}>Explanation</label>
                <textarea
                  id={id('explanation')}
                  rows={2}
                  value={v.explanation}
                  onChange={(e) => change(q.id, 'explanation', e.target.value)}
                />
                <label htmlFor={id('hint')}>Hint</label>
                <input
                  id={id('hint')}
                  value={v.hint}
                  onChange={(e) => change(q.id, 'hint', e.target.value)}
                />
                <label htmlFor={id('topics')}>Topics</label>
                <input
                  id={id('topics')}
                  value={v.topics}
                  onChange={(e) => change(q.id, 'topics', e.target.value)}
                />
              </div>
            </article>
          );
        })}
        {(query.data?.totalElements ?? 0) > 0 && (
          <PageFooter
            page={paging.page}
            totalPages={query.data?.totalPages ?? 1}
            onPage={(page) => setPaging((p) => ({ ...p, page }))}
          />
        )}
      </div>
      <aside className={styles.panel} aria-labelledby="pending-title">
        <h2 id="pending-title">Pending changes ({pending.length})</h2>
        {pending.length === 0 && <p className={styles.muted}>Edit a question to see its changes here.</p>}
        <ul className={styles.changes}>
          {pending.map(({ id, fields, original, edited }) => (
            <li key={id}>
              <strong>Question {id}</strong>
              <dl>
                {fields.map((f) => (
                  <div key={f}>
                    <dt>{f}</dt>
                    <dd>
                      <del>{show(original[f])}</del> → <ins>{show(edited[f])}</ins>
                    </dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className={styles.primary}
          disabled={pending.length === 0 || busy}
          onClick={() => void modify()}
        >
          Modify
        </button>
        {result && result.remarked.length > 0 && (
          <section aria-label="Marks changed">
            <h3>Marks changed</h3>
            <ul className={styles.changes}>
              {result.remarked.map((r) => (
                <li key={r.submissionId}>
                  {r.student}, question {r.questionId}: {markName[r.from]} → {markName[r.to]}
                </li>
              ))}
            </ul>
          </section>
        )}
      </aside>
    </div>
  );
}
