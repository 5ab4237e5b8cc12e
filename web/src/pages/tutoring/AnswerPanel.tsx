import { useState } from 'react';
import { useTexts } from '../../i18n/texts.ts';
import { Button } from '../../ui/Button.tsx';
import styles from './AnswerPanel.module.css';

export type GridBox = { number: number; state: 'answered' | 'unanswered' | 'correct' | 'wrong' | 'neutral' };

type Props = {
  mode: 'answer' | 'check';
  boxes: GridBox[];
  onJump: (number: number) => void;
  answered?: number;
  total: number;
  onSubmit?: () => void;
  submitDisabled?: boolean;
  submitLabel?: string;
  /** What the panel says when there is nothing to show. */
  emptyText?: string;
};

/**
 * The side panel: 'Your Answers' or 'Check Your Answers', the Jump to Question grid, the
 * legend, progress, and Submit All in answer mode. At 480 px or less it collapses to a bar at the
 * bottom that opens and closes.
 */
export function AnswerPanel({
  mode,
  boxes,
  onJump,
  answered = 0,
  total,
  onSubmit,
  submitDisabled,
  submitLabel,
  emptyText,
}: Props) {
  const { tutoringTexts: t } = useTexts('tutoring');
  const [open, setOpen] = useState(false);
  const title = mode === 'answer' ? t.answerTitle : t.checkTitle;
  return (
    <aside
      className={`${styles.panel} ${open ? styles.open : ''}`}
      aria-labelledby="answer-panel-title"
      data-bottom-bar
    >
      <button
        type="button"
        className={styles.opener}
        aria-expanded={open}
        aria-controls="answer-panel-body"
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">{open ? '▾' : '▴'}</span> {title}
      </button>
      <div id="answer-panel-body" className={styles.body}>
        <h2 id="answer-panel-title" className={styles.title}>
          {title}
        </h2>
        {total === 0 ? (
          <p className={styles.emptyText}>{emptyText ?? t.panelNothing}</p>
        ) : (
          <>
            <h3 className={styles.subtitle}>{t.jumpTo}</h3>
            <ol className={styles.grid}>
              {boxes.map((box) => (
                <li key={box.number}>
                  <button
                    type="button"
                    className={`${styles.box} ${styles[box.state]}`}
                    onClick={() => {
                      setOpen(false);
                      onJump(box.number);
                    }}
                    aria-label={`${t.questionLabel(box.number)}${box.state === 'neutral' ? '' : `, ${t[box.state].toLowerCase()}`}`}
                  >
                    {box.number}
                  </button>
                </li>
              ))}
            </ol>
            <ul className={styles.legend} aria-label={t.legend}>
              {mode === 'answer' ? (
                <>
                  <li>
                    <span className={`${styles.swatch} ${styles.answered}`} /> {t.answered}
                  </li>
                  <li>
                    <span className={`${styles.swatch} ${styles.unanswered}`} /> {t.unanswered}
                  </li>
                </>
              ) : (
                <>
                  <li>
                    <span className={`${styles.swatch} ${styles.correct}`} /> {t.correct}
                  </li>
                  <li>
                    <span className={`${styles.swatch} ${styles.wrong}`} /> {t.wrong}
                  </li>
                </>
              )}
            </ul>
            {mode === 'answer' && (
              <p className={styles.progress} aria-live="polite">
                {t.progress(answered, total)}
              </p>
            )}
          </>
        )}
        {mode === 'answer' && onSubmit && (
          <Button variant="primary" className={styles.submit} disabled={submitDisabled} onClick={onSubmit}>
            {submitLabel ?? t.submitAll}
          </Button>
        )}
      </div>
    </aside>
  );
}
