import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { failureTexts } from '../../../../common/messages.ts';
import { CODE_LANGUAGES, type CodeLanguage } from '../../../../common/questions/rules.ts';
import { authoringApi, authoringKeys } from '../../api/authoring.ts';
import { useApiFailure } from '../../layout/useApiFailure.ts';
import { AnswerText } from '../../ui/AnswerText.tsx';
import { useAppTimeZone } from '../../ui/appTimeZone.ts';
import { RichText } from '../../ui/CodeBlock.tsx';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { blankDraft, checkDraft, type Draft, isWritten, keepLocked, type Lockable } from './draft.ts';
import styles from './UploadPage.module.css';
import { UploadPreview } from './UploadPreview.tsx';

const STORAGE_KEY = 'tutorfolio:upload';
const CHECK_TOAST = 'upload-check';
type Saved = { drafts: Draft[]; active: number; locks: Lockable[] };

function loadSaved(): Saved {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Saved | null;
    if (saved?.drafts?.length) return { ...saved, active: Math.min(saved.active, saved.drafts.length - 1) };
  } catch {
    // a damaged copy starts afresh
  }
  return { drafts: [blankDraft()], active: 0, locks: [] };
}

/**
 * /upload: several questions written in tabs, each checked in the spec's order, confirmed, and
 * assigned. Locked fields keep their value after an upload and in new tabs; everything survives a
 * reload (local storage).
 */
export function UploadPage() {
  const initial = useMemo(loadSaved, []);
  const [drafts, setDrafts] = useState<Draft[]>(initial.drafts);
  const [active, setActive] = useState(initial.active);
  const [locks, setLocks] = useState<Set<Lockable>>(new Set(initial.locks));
  const [preview, setPreview] = useState(false);
  const [busy, setBusy] = useState(false);
  const [studentSearch, setStudentSearch] = useState('');
  const { showToast, dismissToast } = useToast();
  // The check's alert shown last: it goes when the draft no longer has that problem (issue 11).
  const [shownProblem, setShownProblem] = useState<string | null>(null);
  const confirm = useConfirm();
  const onFailure = useApiFailure({ forbiddenTo: '/login' });
  const zone = useAppTimeZone();
  const students = useQuery({
    queryKey: authoringKeys.students,
    queryFn: authoringApi.students,
    retry: false,
  });

  useEffect(() => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ drafts, active, locks: [...locks] } satisfies Saved));
  }, [drafts, active, locks]);
  useEffect(() => {
    if (students.error) onFailure(students.error);
  }, [students.error, onFailure]);

  const draft = drafts[active]!;
  const update = (patch: Partial<Draft>) =>
    setDrafts((all) => all.map((d, i) => (i === active ? { ...d, ...patch } : d)));
  const toggleLock = (field: Lockable) =>
    setLocks((current) => {
      const next = new Set(current);
      if (next.has(field)) next.delete(field);
      else next.add(field);
      return next;
    });
  const lock = (field: Lockable, label: string) => (
    <button
      type="button"
      className={`${styles.lock} ${locks.has(field) ? styles.locked : ''}`}
      aria-pressed={locks.has(field)}
      aria-label={`Lock ${label}`}
      title={locks.has(field) ? `${label} is kept after an upload` : `Keep ${label} after an upload`}
      onClick={() => toggleLock(field)}
    >
      <Padlock closed={locks.has(field)} />
    </button>
  );

  const addQuestion = () => {
    setDrafts((all) => [...all, keepLocked(draft, locks)]);
    setActive(drafts.length);
  };
  const duplicate = () => {
    setDrafts((all) => [...all, structuredClone(draft)]);
    setActive(drafts.length);
  };
  const removeAll = async () => {
    if (!(await confirm('Remove every question being written?'))) return;
    setDrafts([blankDraft()]);
    setActive(0);
  };
  const closeTab = async (index: number) => {
    // A written question is never thrown away without asking (as Remove all asks).
    if (
      isWritten(drafts[index]!) &&
      !(await confirm(`Close question ${index + 1}? What is written in it is lost.`))
    )
      return;
    if (drafts.length === 1) return setDrafts([blankDraft()]);
    setDrafts((all) => all.filter((_, i) => i !== index));
    setActive((a) => (a >= index && a > 0 ? a - 1 : a));
  };

  const assign = async () => {
    const checked = checkDraft(draft, new Date(), zone);
    if ('problem' in checked) {
      setShownProblem(checked.problem);
      return showToast(checked.problem, 'error', CHECK_TOAST);
    }
    const q = checked.question;
    // Spec 1 §5: the confirm shows title, question, answer and students; code shows as code.
    const message = (
      <dl className={styles.confirm}>
        <dt>Title</dt>
        <dd>{q.title}</dd>
        <dt>Question</dt>
        <dd>
          <RichText text={q.question} />
        </dd>
        <dt>Answer</dt>
        <dd>
          <AnswerText type={q.type} answer={q.answer} />
        </dd>
        <dt>Students</dt>
        <dd>{q.students.join(', ') || '(none)'}</dd>
      </dl>
    );
    if (!(await confirm(message))) return;
    setBusy(true);
    try {
      await authoringApi.create(q);
      showToast('Successfully uploaded!', 'success');
      // After a success the form resets except the locked fields.
      update(keepLocked(draft, locks));
      setPreview(false);
    } catch (error) {
      onFailure(error, { otherText: failureTexts.serverIssue });
    } finally {
      setBusy(false);
    }
  };

  const visibleStudents = (students.data ?? []).filter((s) =>
    s.name.toLowerCase().includes(studentSearch.trim().toLowerCase()),
  );
  const currentCheck = checkDraft(draft, new Date(), zone);
  const currentProblem = 'problem' in currentCheck ? currentCheck.problem : null;
  useEffect(() => {
    if (shownProblem === null || currentProblem === shownProblem) return;
    dismissToast(CHECK_TOAST);
    setShownProblem(null);
  }, [shownProblem, currentProblem, dismissToast]);

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <h1>Upload</h1>
        <Link to="/upload/multiples">Bulk upload (JSON)</Link>
      </div>
      <div role="tablist" aria-label="Questions being written" className={styles.tabs}>
        {drafts.map((d, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: tabs are positions; closing one renumbers the rest
          <span key={index} className={styles.tabWrap}>
            <button
              type="button"
              role="tab"
              aria-selected={index === active}
              className={`${styles.tab} ${index === active ? styles.activeTab : ''}`}
              onClick={() => setActive(index)}
            >
              {`Question ${index + 1}`}
              {d.title ? `: ${d.title.slice(0, 20)}` : ''}
            </button>
            <button
              type="button"
              className={styles.closeTab}
              aria-label={`Close question ${index + 1}`}
              onClick={() => void closeTab(index)}
            >
              ×
            </button>
          </span>
        ))}
      </div>

      <form
        className={styles.form}
        role="tabpanel"
        aria-label={`Question ${active + 1}`}
        onSubmit={(e) => e.preventDefault()}
      >
        <Field id="up-title" label="Assignment Title" lock={lock('title', 'Assignment Title')}>
          <input
            id="up-title"
            value={draft.title}
            maxLength={255}
            onChange={(e) => update({ title: e.target.value })}
          />
        </Field>
        <Field id="up-question" label="Question Text" lock={lock('question', 'Question Text')}>
          <textarea
            id="up-question"
            rows={3}
            value={draft.question}
            onChange={(e) => update({ question: e.target.value })}
          />
        </Field>
        <Field id="up-code" label="Code / details" lock={lock('code', 'Code')}>
          <div className={styles.inline}>
            <label htmlFor="up-language" className="visually-hidden">
              Code language
            </label>
            <select
              id="up-language"
              value={draft.language}
              onChange={(e) => update({ language: e.target.value as CodeLanguage })}
            >
              {CODE_LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </select>
          </div>
          <textarea
            id="up-code"
            rows={4}
            className={styles.mono}
            value={draft.code}
            onChange={(e) => update({ code: e.target.value })}
          />
        </Field>
        <Field id="up-type" label="Type" lock={lock('type', 'Type')}>
          <select
            id="up-type"
            value={draft.type}
            onChange={(e) => update({ type: e.target.value as Draft['type'], correct: [] })}
          >
            <option value="">Choose a type</option>
            <option value="m">Multiple choice (m)</option>
            <option value="M">Multiple answers (M)</option>
            <option value="s">Short answer (s)</option>
          </select>
        </Field>
        {(draft.type === 'm' || draft.type === 'M') && (
          <>
            <Field id="up-count" label="Number of options" lock={lock('options', 'Options')}>
              <input
                id="up-count"
                type="number"
                min={2}
                max={5}
                value={draft.optionCount}
                onChange={(e) =>
                  update({ optionCount: Math.min(5, Math.max(2, Number(e.target.value) || 2)) })
                }
              />
            </Field>
            <fieldset className={styles.options}>
              <legend>Options (mark the right {draft.type === 'm' ? 'one' : 'ones'})</legend>
              {draft.options.slice(0, draft.optionCount).map((option, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: options are positions in a fixed-length list
                <div key={i} className={styles.option}>
                  <input
                    type={draft.type === 'm' ? 'radio' : 'checkbox'}
                    name="up-correct"
                    aria-label={`Option ${i + 1} is right`}
                    checked={draft.correct.includes(i)}
                    onChange={(e) =>
                      update({
                        correct:
                          draft.type === 'm'
                            ? [i]
                            : e.target.checked
                              ? [...draft.correct, i]
                              : draft.correct.filter((c) => c !== i),
                      })
                    }
                  />
                  <label htmlFor={`up-option-${i}`} className="visually-hidden">
                    Option {i + 1}
                  </label>
                  <input
                    id={`up-option-${i}`}
                    placeholder={`Option ${i + 1}`}
                    value={option.value}
                    onChange={(e) =>
                      update({
                        options: draft.options.map((o, j) => (j === i ? { ...o, value: e.target.value } : o)),
                      })
                    }
                  />
                  <label className={styles.small}>
                    <input
                      type="checkbox"
                      checked={option.isCode}
                      onChange={(e) =>
                        update({
                          options: draft.options.map((o, j) =>
                            j === i ? { ...o, isCode: e.target.checked } : o,
                          ),
                        })
                      }
                    />
                    Code
                  </label>
                </div>
              ))}
            </fieldset>
          </>
        )}
        {draft.type !== 'm' && draft.type !== 'M' && (
          <Field id="up-answer" label="Answer" lock={lock('answer', 'Answer')}>
            <textarea
              id="up-answer"
              rows={2}
              value={draft.answerText}
              onChange={(e) => update({ answerText: e.target.value })}
            />
            <label className={styles.small}>
              <input
                type="checkbox"
                checked={draft.answerIsCode}
                onChange={(e) => update({ answerIsCode: e.target.checked })}
              />
              Code
            </label>
          </Field>
        )}
        <Field id="up-hint" label="Hints" lock={lock('hint', 'Hints')}>
          <input id="up-hint" value={draft.hint} onChange={(e) => update({ hint: e.target.value })} />
        </Field>
        <Field id="up-topics" label="Topics" lock={lock('topics', 'Topics')}>
          <input
            id="up-topics"
            value={draft.topics}
            placeholder="loops, java"
            onChange={(e) => update({ topics: e.target.value })}
          />
        </Field>
        <Field id="up-explanation" label="Explanation" lock={lock('explanation', 'Explanation')}>
          <textarea
            id="up-explanation"
            rows={2}
            value={draft.explanation}
            onChange={(e) => update({ explanation: e.target.value })}
          />
        </Field>
        <Field id="up-due" label="Due Date" lock={lock('dueDate', 'Due Date')}>
          <input
            id="up-due"
            type="datetime-local"
            value={draft.dueDate}
            aria-describedby="up-due-zone"
            onChange={(e) => update({ dueDate: e.target.value })}
          />
          <span id="up-due-zone" className={styles.small}>
            {zone} time
          </span>
        </Field>
        <fieldset className={styles.students}>
          <legend>
            Students {lock('students', 'Students')}{' '}
            <span className={styles.small}>({draft.students.length} chosen)</span>
          </legend>
          <div className={styles.inline}>
            <label htmlFor="up-student-search" className="visually-hidden">
              Search students
            </label>
            <input
              id="up-student-search"
              type="search"
              placeholder="Search students"
              value={studentSearch}
              onChange={(e) => setStudentSearch(e.target.value)}
            />
            <button
              type="button"
              onClick={() =>
                update({
                  students: [
                    ...new Set([...draft.students, ...visibleStudents.map((s) => s.name.toLowerCase())]),
                  ],
                })
              }
            >
              Select All
            </button>
            <button
              type="button"
              onClick={() =>
                update({
                  students: draft.students.filter(
                    (n) => !visibleStudents.some((s) => s.name.toLowerCase() === n),
                  ),
                })
              }
            >
              Deselect All
            </button>
          </div>
          <ul className={styles.studentList}>
            {visibleStudents.map((s) => {
              const name = s.name.toLowerCase();
              return (
                <li key={s.id}>
                  <label>
                    <input
                      type="checkbox"
                      checked={draft.students.includes(name)}
                      onChange={(e) =>
                        update({
                          students: e.target.checked
                            ? [...draft.students, name]
                            : draft.students.filter((n) => n !== name),
                        })
                      }
                    />
                    {s.name}
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
        <div className={styles.buttons}>
          <button type="button" className={styles.primary} disabled={busy} onClick={() => void assign()}>
            Assign to Students
          </button>
          <button type="button" aria-pressed={preview} onClick={() => setPreview((p) => !p)}>
            Preview Question &amp; Submission
          </button>
          <button type="button" onClick={duplicate}>
            Duplicate Question
          </button>
          <button type="button" onClick={addQuestion}>
            Question +
          </button>
          <button type="button" onClick={() => void removeAll()}>
            Remove all
          </button>
        </div>
      </form>
      {preview && <UploadPreview draft={draft} zone={zone} number={active + 1} />}
    </div>
  );
}

/** A padlock drawn in SVG (emoji padlocks are missing from many fonts). */
function Padlock({ closed }: { closed: boolean }) {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <rect x="3" y="7" width="10" height="8" rx="1.5" fill="currentColor" />
      <path
        d={closed ? 'M5 7V5a3 3 0 0 1 6 0v2' : 'M5 7V5a3 3 0 0 1 5.8-1'}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
      />
    </svg>
  );
}

function Field({
  id,
  label,
  lock,
  children,
}: {
  id: string;
  label: string;
  lock: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={styles.field}>
      <div className={styles.labelRow}>
        <label htmlFor={id}>{label}</label>
        {lock}
      </div>
      {children}
    </div>
  );
}
