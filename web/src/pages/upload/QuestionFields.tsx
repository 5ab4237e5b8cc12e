import type { ReactNode } from 'react';
import { CODE_LANGUAGES, type CodeLanguage } from '../../../../common/questions/rules.ts';
import { useTexts } from '../../i18n/texts.ts';
import { FormulaPreview } from '../../ui/FormulaPreview.tsx';
import type { Draft, Lockable } from './draft.ts';
import { PictureFields } from './PictureFields.tsx';
import styles from './UploadPage.module.css';

const LANGUAGE_NAMES: Record<CodeLanguage, string> = {
  java: 'Java',
  sql: 'SQL',
  python: 'Python',
  c: 'C',
  cpp: 'C++',
};

type Props = {
  draft: Draft;
  update: (patch: Partial<Draft>) => void;
  locks: ReadonlySet<Lockable>;
  toggleLock: (field: Lockable) => void;
  /** The app's time zone, in which the due date is read (shown beside it). */
  zone: string;
  /** A picture upload that failed (the page's failure rule). */
  onFailure: (error: unknown) => void;
};

/**
 * The fields of the question being written (the upload form), each with its lock toggle:
 * title, text, code with its language, type, options and the right ones, the answer, hints, topics,
 * explanation, pictures and due date.
 */
export function QuestionFields({ draft, update, locks, toggleLock, zone, onFailure }: Props) {
  const { uploadTexts: t, questionTexts: q } = useTexts('authoring');
  const lock = (field: Lockable, label: string) => (
    <LockButton field={field} label={label} locks={locks} toggleLock={toggleLock} />
  );
  return (
    <>
      <Field id="up-title" label={t.assignmentTitle} lock={lock('title', t.assignmentTitle)}>
        <input
          id="up-title"
          value={draft.title}
          maxLength={255}
          onChange={(e) => update({ title: e.target.value })}
        />
      </Field>
      <Field id="up-question" label={t.questionText} lock={lock('question', t.questionText)}>
        <textarea
          id="up-question"
          rows={3}
          value={draft.question}
          onChange={(e) => update({ question: e.target.value })}
        />
        <FormulaPreview text={draft.question} label={q.formulaPreview(t.questionText)} />
      </Field>
      <Field id="up-code" label={t.codeDetails} lock={lock('code', q.code)}>
        <div className={styles.inline}>
          <label htmlFor="up-language" className="visually-hidden">
            {t.codeLanguage}
          </label>
          <select
            id="up-language"
            value={draft.language}
            onChange={(e) => update({ language: e.target.value as CodeLanguage })}
          >
            {CODE_LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {LANGUAGE_NAMES[l]}
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
      <Field id="up-type" label={q.type} lock={lock('type', q.type)}>
        <select
          id="up-type"
          value={draft.type}
          onChange={(e) => update({ type: e.target.value as Draft['type'], correct: [] })}
        >
          <option value="">{t.chooseType}</option>
          {(['m', 'M', 's'] as const).map((type) => (
            <option key={type} value={type}>
              {`${q.typeNames[type]} (${type})`}
            </option>
          ))}
        </select>
      </Field>
      {(draft.type === 'm' || draft.type === 'M') && (
        <>
          <Field id="up-count" label={t.optionCount} lock={lock('options', q.options)}>
            <input
              id="up-count"
              type="number"
              min={2}
              max={5}
              value={draft.optionCount}
              onChange={(e) => update({ optionCount: Math.min(5, Math.max(2, Number(e.target.value) || 2)) })}
            />
          </Field>
          <fieldset className={styles.options}>
            <legend>{q.optionsLegend(draft.type === 'M')}</legend>
            {draft.options.slice(0, draft.optionCount).map((option, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: options are positions in a fixed-length list
              <div key={i} className={styles.option}>
                <input
                  type={draft.type === 'm' ? 'radio' : 'checkbox'}
                  name="up-correct"
                  aria-label={q.optionIsRight(i + 1)}
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
                  {q.option(i + 1)}
                </label>
                <input
                  id={`up-option-${i}`}
                  placeholder={q.option(i + 1)}
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
                  {q.code}
                </label>
                {!option.isCode && (
                  <FormulaPreview
                    text={option.value}
                    label={q.formulaPreview(q.option(i + 1))}
                    className={styles.wide}
                  />
                )}
              </div>
            ))}
          </fieldset>
        </>
      )}
      {draft.type !== 'm' && draft.type !== 'M' && (
        <Field id="up-answer" label={q.answer} lock={lock('answer', q.answer)}>
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
            {q.code}
          </label>
          {!draft.answerIsCode && (
            <FormulaPreview text={draft.answerText} label={q.formulaPreview(q.answer)} />
          )}
        </Field>
      )}
      <Field id="up-hint" label={t.hints} lock={lock('hint', t.hints)}>
        <input id="up-hint" value={draft.hint} onChange={(e) => update({ hint: e.target.value })} />
        <FormulaPreview text={draft.hint} label={q.formulaPreview(t.hints)} />
      </Field>
      <Field id="up-topics" label={q.topics} lock={lock('topics', q.topics)}>
        <input
          id="up-topics"
          value={draft.topics}
          placeholder={t.topicsExample}
          onChange={(e) => update({ topics: e.target.value })}
        />
      </Field>
      <Field id="up-explanation" label={q.explanation} lock={lock('explanation', q.explanation)}>
        <textarea
          id="up-explanation"
          rows={2}
          value={draft.explanation}
          onChange={(e) => update({ explanation: e.target.value })}
        />
        <FormulaPreview text={draft.explanation} label={q.formulaPreview(q.explanation)} />
      </Field>
      <PictureFields
        pictures={draft.pictures}
        onChange={(pictures) => update({ pictures })}
        onFailure={onFailure}
        idPrefix="up"
      />
      <Field id="up-due" label={t.dueDate} lock={lock('dueDate', t.dueDate)}>
        <input
          id="up-due"
          type="datetime-local"
          value={draft.dueDate}
          aria-describedby="up-due-zone"
          onChange={(e) => update({ dueDate: e.target.value })}
        />
        <span id="up-due-zone" className={styles.small}>
          {q.zoneTime(zone)}
        </span>
      </Field>
    </>
  );
}

/** The toggle that keeps a field's value after an upload. */
export function LockButton({
  field,
  label,
  locks,
  toggleLock,
}: {
  field: Lockable;
  label: string;
  locks: ReadonlySet<Lockable>;
  toggleLock: (field: Lockable) => void;
}) {
  const { uploadTexts: t } = useTexts('authoring');
  const on = locks.has(field);
  return (
    <button
      type="button"
      className={`${styles.lock} ${on ? styles.locked : ''}`}
      aria-pressed={on}
      aria-label={t.lock(label)}
      title={on ? t.locked(label) : t.keep(label)}
      onClick={() => toggleLock(field)}
    >
      <Padlock closed={on} />
    </button>
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
