import { type CSSProperties, useEffect, useId, useRef, useState } from 'react';
import { useTexts } from '../../i18n/texts.ts';
import type { TimelineEntry } from './content/types.ts';
import { useReducedMotion } from './motion.ts';
import { Slideshow } from './Slideshow.tsx';
import styles from './timeline.module.css';

/** When each circle is drawn, in seconds from the start of the line's draw. */
export const CIRCLE_DELAYS_S = [0, 2, 4, 7, 9, 11, 11.5] as const;
/** The line reaches the 'present' flag at its end. */
export const LINE_DRAW_S = 12;

/**
 * How the line is drawn: 'static' in the server's HTML (everything shown, nothing moving: it reads
 * well without any script), 'waiting' until the section first comes into view, 'drawing' while the
 * circles appear one by one, 'end' once the line is drawn (then blinking markers on the circles not
 * yet clicked). Timers, not the animations' events, move it on, so the browser
 * tests can run it on their clock.
 */
type Phase = 'static' | 'waiting' | 'drawing' | 'end';

/** Where a circle sits along the line, in percent: its time on the line, as the delays space them. */
const position = (delay: number) => 6 + (delay / LINE_DRAW_S) * 80;

/** 'Heading: text' → the heading in bold, a colon, the text. */
function tldrLine(line: string) {
  const colon = line.indexOf(':');
  return (
    <>
      <strong>{line.slice(0, colon)}</strong>: {line.slice(colon + 1).trim()}
    </>
  );
}

export function Timeline({ entries, active }: { entries: TimelineEntry[]; active: boolean | null }) {
  const { portfolioTexts } = useTexts('portfolio');
  const [selected, setSelected] = useState<number | null>(null);
  // Clicked flags start false and only ever turn true.
  const [clicked, setClicked] = useState<boolean[]>(() => entries.map(() => false));
  const [phase, setPhase] = useState<Phase>('static');
  const [drawn, setDrawn] = useState(entries.length);
  const reduced = useReducedMotion();
  const panelRef = useRef<HTMLElement>(null);
  const titleId = useId();
  const panelId = useId();

  // Once the app runs, the line waits to be drawn until the section is first in view.
  useEffect(() => {
    setPhase((p) => (p === 'static' ? 'waiting' : p));
    setDrawn((d) => (d === entries.length ? 0 : d));
  }, [entries.length]);

  useEffect(() => {
    if (phase !== 'waiting' || !active) return;
    if (reduced) {
      setDrawn(entries.length);
      setPhase('end');
      return;
    }
    setPhase('drawing');
  }, [phase, active, reduced, entries.length]);

  useEffect(() => {
    if (phase !== 'drawing') return;
    const timers = entries.map((_, i) =>
      setTimeout(() => setDrawn((d) => Math.max(d, i + 1)), (CIRCLE_DELAYS_S[i] ?? LINE_DRAW_S) * 1000),
    );
    timers.push(
      setTimeout(() => {
        setDrawn(entries.length);
        setPhase('end');
      }, LINE_DRAW_S * 1000),
    );
    return () => {
      for (const timer of timers) clearTimeout(timer);
    };
  }, [phase, entries]);

  // Opening a period shows its detail from the top.
  useEffect(() => {
    const panel = panelRef.current;
    if (selected === null || !panel) return;
    panel.scrollTop = 0;
    panel.scrollIntoView?.({ block: 'nearest', behavior: reduced ? 'auto' : 'smooth' });
  }, [selected, reduced]);

  const choose = (i: number) => {
    setSelected(i);
    setClicked((flags) => (flags[i] ? flags : flags.map((f, j) => f || j === i)));
  };
  const entry = selected === null ? null : entries[selected];

  return (
    <div className={styles.timeline} data-phase={phase} data-reduced={reduced || undefined}>
      <h2 id={titleId} className={styles.title} aria-live="polite">
        {entry ? entry.period : portfolioTexts.timeline}
      </h2>
      {!entry && <p className={styles.hint}>{portfolioTexts.timelineHint}</p>}
      <div className={styles.track}>
        <span className={styles.line} aria-hidden="true" />
        <ol className={styles.circles} aria-labelledby={titleId}>
          {entries.map((item, i) => {
            const shown = i < drawn;
            const delay = CIRCLE_DELAYS_S[i] ?? LINE_DRAW_S;
            return (
              <li
                key={item.label}
                className={styles.stop}
                data-side={i % 2 === 0 ? 'above' : 'below'}
                data-shown={shown}
                style={{ '--pos': `${position(delay)}%` } as CSSProperties}
              >
                <button
                  type="button"
                  className={styles.circleButton}
                  aria-pressed={selected === i}
                  aria-controls={panelId}
                  data-clicked={clicked[i]}
                  onClick={() => choose(i)}
                >
                  <span className={styles.circle} aria-hidden="true">
                    {phase === 'end' && !clicked[i] && <span className={styles.marker} data-marker="" />}
                  </span>
                  <span className={styles.label}>
                    <span className={styles.labelMain}>{item.label}</span>
                    {item.extraLabel && <span className={styles.labelExtra}>{item.extraLabel}</span>}
                    <span className={styles.when}>{item.when}</span>
                    {phase === 'end' && !clicked[i] && (
                      <span className="visually-hidden"> ({portfolioTexts.notYetOpened})</span>
                    )}
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
        <span className={styles.flag} aria-hidden="true">
          <span className={styles.flagPole} />
          <span className={styles.flagCloth}>{portfolioTexts.present}</span>
        </span>
      </div>

      <section
        id={panelId}
        ref={panelRef}
        className={styles.panel}
        hidden={!entry}
        aria-label={entry?.period}
        tabIndex={-1}
      >
        {entry && selected !== null && (
          <>
            <div className={styles.panelHead}>
              <h3 className={styles.panelTitle}>{entry.period}</h3>
              <p className={styles.panelWhen}>{entry.when}</p>
              <button type="button" className={styles.back} onClick={() => setSelected(null)}>
                {portfolioTexts.backToTimeline}
              </button>
            </div>
            <div className={styles.panelBody}>
              <div className={styles.panelPhotos}>
                <Slideshow
                  key={selected}
                  photos={entry.photos}
                  label={portfolioTexts.periodPhotos(entry.period)}
                  active
                  sizes="(max-width: 900px) 92vw, 420px"
                />
              </div>
              <div className={styles.panelText}>
                {entry.tldr.length > 0 && (
                  <section className={styles.block}>
                    <h4>{portfolioTexts.tldr}</h4>
                    <ol className={styles.tldr}>
                      {entry.tldr.map((line) => (
                        <li key={line}>{tldrLine(line)}</li>
                      ))}
                    </ol>
                  </section>
                )}
                {entry.details.map((block) => (
                  <section key={block.title} className={styles.block}>
                    <p className={styles.blockPeriod}>{block.period}</p>
                    <h4>{block.title}</h4>
                    <ul>
                      {block.contents.map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                    </ul>
                  </section>
                ))}
                {entry.furtherInformation.length > 0 && (
                  <section className={styles.block}>
                    <h4>{portfolioTexts.furtherInformation}</h4>
                    {entry.furtherInformation.map((block) => (
                      <div key={block.title} className={styles.further}>
                        <h5>{block.title}</h5>
                        <ul>
                          {block.contents.map((line) => (
                            <li key={line}>{line}</li>
                          ))}
                        </ul>
                      </div>
                    ))}
                  </section>
                )}
                <p className={styles.endOfContents}>{portfolioTexts.endOfContents}</p>
              </div>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
