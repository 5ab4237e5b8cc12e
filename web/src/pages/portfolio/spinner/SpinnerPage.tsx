import { useCallback, useEffect, useRef, useState } from 'react';
import { useTexts } from '../../../i18n/texts.ts';
import { Button } from '../../../ui/Button.tsx';
import { Field } from '../../../ui/Field.tsx';
import { owner } from '../content/owner.ts';
import { useDocumentTitle, useReducedMotion } from '../motion.ts';
import { PortfolioNav } from '../PortfolioNav.tsx';
import styles from './spinner.module.css';
import {
  clampCount,
  indexAtPointer,
  landingRotation,
  MAX_ELEMENTS,
  randomUint32,
  SLICE_COLOURS,
  uniformIndex,
} from './wheel.ts';

/** Degrees per second while spinning, and how long the wheel takes to come to rest after STOP. */
const SPIN_SPEED = 540;
const SETTLE_MS = 1500;

type Phase = 'idle' | 'spinning' | 'settling' | 'done';

const point = (degrees: number, radius: number) => {
  const radians = ((degrees - 90) * Math.PI) / 180;
  return `${(radius * Math.cos(radians)).toFixed(2)} ${(radius * Math.sin(radians)).toFixed(2)}`;
};

/** The pie: slice i clockwise from the top, each with its element's name along its middle. */
function Wheel({ names, rotation }: { names: string[]; rotation: number }) {
  const { spinnerTexts } = useTexts('portfolio');
  const count = names.length;
  const slice = 360 / count;
  return (
    <svg
      className={styles.wheel}
      viewBox="-104 -112 208 216"
      role="img"
      aria-label={spinnerTexts.wheel(count)}
    >
      <g transform={`rotate(${rotation})`}>
        {count === 0 && <circle r="100" className={styles.emptyWheel} />}
        {names.map((name, i) => {
          const colour = SLICE_COLOURS[i % SLICE_COLOURS.length];
          const middle = (i + 0.5) * slice;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: slice i is the element slot i
            <g key={i}>
              {count === 1 ? (
                <circle r="100" fill={colour} />
              ) : (
                <path
                  d={`M0 0 L${point(i * slice, 100)} A100 100 0 ${slice > 180 ? 1 : 0} 1 ${point((i + 1) * slice, 100)} Z`}
                  fill={colour}
                  stroke="#fff"
                  strokeWidth="1.5"
                />
              )}
              <text
                className={styles.sliceText}
                transform={`rotate(${middle}) translate(0 -58) rotate(${middle > 90 && middle < 270 ? 180 : 0})`}
                textAnchor="middle"
                dominantBaseline="central"
              >
                {name.length > 14 ? `${name.slice(0, 13)}…` : name}
              </text>
            </g>
          );
        })}
        <circle r="9" className={styles.hub} />
      </g>
      <path d="M-9 -110 L9 -110 L0 -92 Z" className={styles.pointer} />
    </svg>
  );
}

/** `/spinner`: name up to 10 elements, START, STOP: one of them, at random, shown clearly. */
export function SpinnerPage() {
  const { spinnerTexts } = useTexts('portfolio');
  useDocumentTitle(`${spinnerTexts.title} · ${owner.siteTitle}`);
  const reduced = useReducedMotion();
  const [countText, setCountText] = useState('4');
  const [names, setNames] = useState<string[]>(() => Array.from({ length: MAX_ELEMENTS }, () => ''));
  const [rotation, setRotation] = useState(0);
  const [phase, setPhase] = useState<Phase>('idle');
  const [result, setResult] = useState<number | null>(null);
  const rotationRef = useRef(0);
  const frame = useRef(0);

  const count = clampCount(countText);
  const labels = names.slice(0, count).map((name, i) => name.trim() || spinnerTexts.element(i + 1));

  const turnTo = useCallback((degrees: number) => {
    rotationRef.current = degrees;
    setRotation(degrees);
  }, []);

  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  // While spinning the wheel turns at a steady speed; reduced motion shows it still.
  useEffect(() => {
    if (phase !== 'spinning' || reduced) return;
    let last: number | null = null;
    let id = 0;
    const spin = (time: number) => {
      if (last !== null) turnTo(rotationRef.current + ((time - last) / 1000) * SPIN_SPEED);
      last = time;
      id = requestAnimationFrame(spin);
    };
    id = requestAnimationFrame(spin);
    // Its own frame: the settling animation (`frame`) must outlive the spin.
    return () => cancelAnimationFrame(id);
  }, [phase, reduced, turnTo]);

  const start = () => {
    if (count === 0) return;
    setResult(null);
    setPhase('spinning');
  };

  const stop = () => {
    const chosen = uniformIndex(count);
    const within = randomUint32() / 2 ** 32;
    const from = rotationRef.current;
    const to = landingRotation(from, chosen, count, within);
    const finish = () => {
      turnTo(to);
      setPhase('done');
      setResult(indexAtPointer(to, count));
    };
    if (reduced) {
      finish();
      return;
    }
    setPhase('settling');
    let began: number | null = null;
    const settle = (time: number) => {
      began ??= time;
      const t = Math.min(1, (time - began) / SETTLE_MS);
      // Eases out: fast at first, as the spin was, then slower to rest.
      turnTo(from + (to - from) * (1 - (1 - t) ** 3));
      if (t < 1) frame.current = requestAnimationFrame(settle);
      else finish();
    };
    frame.current = requestAnimationFrame(settle);
  };

  const busy = phase === 'spinning' || phase === 'settling';
  const chosenName = result !== null && result < labels.length ? labels[result] : null;
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>{spinnerTexts.title}</h1>
      <p className={styles.intro}>{spinnerTexts.intro}</p>
      <div className={styles.layout}>
        <div className={styles.controls}>
          <Field label={spinnerTexts.count} hint={spinnerTexts.countHint}>
            <input
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_ELEMENTS}
              step={1}
              value={countText}
              disabled={busy}
              onChange={(event) => {
                setCountText(event.target.value);
                setResult(null);
                setPhase('idle');
              }}
            />
          </Field>
          <ol className={styles.names}>
            {labels.map((_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the inputs are the element slots 1 to 10
              <li key={i}>
                <Field label={spinnerTexts.element(i + 1)}>
                  <input
                    value={names[i]}
                    maxLength={40}
                    disabled={busy}
                    placeholder={spinnerTexts.element(i + 1)}
                    onChange={(event) => {
                      const value = event.target.value;
                      setNames((all) => all.map((n, j) => (j === i ? value : n)));
                      setResult(null);
                    }}
                  />
                </Field>
              </li>
            ))}
          </ol>
          {count === 0 && <p className={styles.note}>{spinnerTexts.noElements}</p>}
        </div>
        <div className={styles.stage}>
          <Wheel names={labels} rotation={rotation} />
          <div className={styles.buttons}>
            <Button variant="primary" size="lg" onClick={start} disabled={busy || count === 0}>
              {spinnerTexts.start}
            </Button>
            <Button variant="danger" size="lg" onClick={stop} disabled={phase !== 'spinning'}>
              {spinnerTexts.stop}
            </Button>
          </div>
          <output className={styles.result} aria-live="polite" data-phase={phase}>
            {busy ? (
              spinnerTexts.spinning
            ) : chosenName ? (
              <>
                <span className={styles.resultLabel}>{spinnerTexts.result}</span>
                <strong className={styles.resultName} data-result="">
                  {chosenName}
                </strong>
              </>
            ) : null}
          </output>
        </div>
      </div>
      <PortfolioNav current="/spinner" />
    </main>
  );
}
