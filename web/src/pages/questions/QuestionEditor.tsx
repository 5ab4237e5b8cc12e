import { CODE_LANGUAGES, type CodeLanguage, optionLimits } from '../../../../common/questions/rules.ts';
import { useTexts } from '../../i18n/texts.ts';
import { Button } from '../../ui/Button.tsx';
import { FormulaPreview } from '../../ui/FormulaPreview.tsx';
import { PictureFields } from '../upload/PictureFields.tsx';
import { type CodePart, type Editable, emptyPart } from './editable.ts';
import styles from './ModifyPage.module.css';

const LANGUAGE_NAMES: Record<CodeLanguage, string> = {
  java: 'Java',
  sql: 'SQL',
  python: 'Python',
  c: 'C',
  cpp: 'C++',
};

/**
 * A text and, in a field of its own, its code with a language picker (as on Upload): the `&code:`
 * and `&type=` markers are never shown or typed. `codeAlways` keeps the code field open (the
 * question's "code / details"); elsewhere a Code box opens it.
 */
function CodeFields({
  id,
  label,
  part,
  onChange,
  multiline,
  codeAlways,
}: {
  id: string;
  label: string;
  part: CodePart;
  onChange: (part: CodePart) => void;
  multiline?: boolean;
  codeAlways?: boolean;
}) {
  const { modifyTexts: t, questionTexts: q } = useTexts('authoring');
  const hasCode = codeAlways || part.code !== null;
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <div className={styles.codeFields}>
        {multiline ? (
          <textarea
            id={id}
            rows={3}
            value={part.text}
            onChange={(e) => onChange({ ...part, text: e.target.value })}
          />
        ) : (
          <input id={id} value={part.text} onChange={(e) => onChange({ ...part, text: e.target.value })} />
        )}
        <FormulaPreview text={part.text} label={q.formulaPreview(label)} />
        {!codeAlways && (
          <label className={styles.inline}>
            <input
              type="checkbox"
              checked={part.code !== null}
              onChange={(e) => onChange({ ...part, code: e.target.checked ? '' : null })}
            />
            {q.code}
          </label>
        )}
        {hasCode && (
          <>
            <label className={styles.inline}>
              {t.codeLanguage(label)}{' '}
              <select
                value={part.language ?? ''}
                onChange={(e) =>
                  onChange({ ...part, language: (e.target.value || null) as CodeLanguage | null })
                }
              >
                <option value="">{t.noLanguage}</option>
                {CODE_LANGUAGES.map((language) => (
                  <option key={language} value={language}>
                    {LANGUAGE_NAMES[language]}
                  </option>
                ))}
              </select>
            </label>
            <label className="visually-hidden" htmlFor={`${id}-code`}>
              {t.codeOf(label)}
            </label>
            <textarea
              id={`${id}-code`}
              className={styles.mono}
              rows={Math.max(2, (part.code ?? '').split('\n').length)}
              spellCheck={false}
              value={part.code ?? ''}
              onChange={(e) => onChange({ ...part, code: e.target.value })}
            />
          </>
        )}
      </div>
    </>
  );
}

/** The fields of one question on the modify page. */
export function QuestionEditor({
  id,
  value,
  onChange,
  onFailure,
}: {
  id: number;
  value: Editable;
  onChange: (next: Editable) => void;
  /** A picture upload that failed (the page's failure rule). */
  onFailure: (error: unknown) => void;
}) {
  const { modifyTexts: t, questionTexts: q } = useTexts('authoring');
  const key = (field: string) => `mod-${id}-${field}`;
  const set = (patch: Partial<Editable>) => onChange({ ...value, ...patch });
  const choice = value.type !== 's';
  return (
    <div className={styles.grid}>
      <label htmlFor={key('title')}>{q.title}</label>
      <input id={key('title')} value={value.title} onChange={(e) => set({ title: e.target.value })} />
      <CodeFields
        id={key('question')}
        label={q.question}
        part={value.question}
        multiline
        codeAlways
        onChange={(question) => set({ question })}
      />
      <label htmlFor={key('type')}>{q.type}</label>
      <select
        id={key('type')}
        value={value.type}
        onChange={(e) => set({ type: e.target.value as Editable['type'], correct: [] })}
      >
        {(['m', 'M', 's'] as const).map((type) => (
          <option key={type} value={type}>
            {`${q.typeNames[type]} (${type})`}
          </option>
        ))}
      </select>
      {choice && (
        <fieldset className={styles.options}>
          <legend>{q.optionsLegend(value.type === 'M')}</legend>
          {value.options.map((option, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: options are positions (the server keeps ids by position)
            <div key={i} className={styles.option}>
              <input
                type={value.type === 'm' ? 'radio' : 'checkbox'}
                name={key('correct')}
                aria-label={q.optionIsRight(i + 1)}
                checked={value.correct.includes(i)}
                onChange={(e) =>
                  set({
                    correct:
                      value.type === 'm'
                        ? [i]
                        : e.target.checked
                          ? [...value.correct, i]
                          : value.correct.filter((c) => c !== i),
                  })
                }
              />
              <div className={styles.grid}>
                <CodeFields
                  id={key(`option-${i}`)}
                  label={q.option(i + 1)}
                  part={option}
                  onChange={(next) => set({ options: value.options.map((o, j) => (j === i ? next : o)) })}
                />
              </div>
              <Button
                size="sm"
                variant="ghost"
                aria-label={t.removeOption(i + 1)}
                disabled={value.options.length <= optionLimits.min}
                onClick={() =>
                  set({
                    options: value.options.filter((_, j) => j !== i),
                    correct: value.correct.filter((c) => c !== i).map((c) => (c > i ? c - 1 : c)),
                  })
                }
              >
                ×
              </Button>
            </div>
          ))}
          <Button
            size="sm"
            disabled={value.options.length >= optionLimits.max}
            onClick={() => set({ options: [...value.options, emptyPart()] })}
          >
            {t.addOption}
          </Button>
        </fieldset>
      )}
      {!choice && (
        <CodeFields
          id={key('answer')}
          label={q.answer}
          part={value.written}
          multiline
          onChange={(written) => set({ written })}
        />
      )}
      <label htmlFor={key('explanation')}>{q.explanation}</label>
      <textarea
        id={key('explanation')}
        rows={2}
        value={value.explanation}
        onChange={(e) => set({ explanation: e.target.value })}
      />
      <FormulaPreview
        text={value.explanation}
        label={q.formulaPreview(q.explanation)}
        className={styles.valueCell}
      />
      <label htmlFor={key('hint')}>{q.hint}</label>
      <input id={key('hint')} value={value.hint} onChange={(e) => set({ hint: e.target.value })} />
      <FormulaPreview text={value.hint} label={q.formulaPreview(q.hint)} className={styles.valueCell} />
      <label htmlFor={key('topics')}>{q.topics}</label>
      <input id={key('topics')} value={value.topics} onChange={(e) => set({ topics: e.target.value })} />
      <div className={styles.wide}>
        <PictureFields
          pictures={value.pictures}
          onChange={(pictures) => set({ pictures })}
          onFailure={onFailure}
          idPrefix={key('pictures')}
        />
      </div>
    </div>
  );
}
