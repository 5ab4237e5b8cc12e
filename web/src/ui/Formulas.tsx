import katex, { type KatexOptions } from 'katex';
import 'katex/dist/katex.min.css';
import { Fragment, type ReactNode } from 'react';
import { formulaTexts as english } from '../../../common/formulaTexts.ts';
import { formulaTexts as korean } from '../../../common/i18n/ko/formulaTexts.ts';
import { useLanguage } from '../i18n/texts.ts';
import styles from './Formulas.module.css';

/** A formula in a question's prose: its TeX, display (`$$…$$`) or inline (`$…$`), and the source as typed. */
export type Formula = { tex: string; display: boolean; source: string };
/** Text to show as it is, or a formula. */
export type Piece = string | Formula;

/**
 * No command that makes a link, loads a picture or sets classes, ids, styles or data on the output
 * (`trust: false`: KaTeX shows such a command's name in red instead); sizes at most 10 em and at
 * most 500 macro expansions, so a formula cannot cover the page or hang it. A formula that does not
 * parse throws here and is shown as typed, marked (`formulaHtml`).
 */
export const KATEX_OPTIONS = {
  trust: false,
  throwOnError: true,
  strict: 'ignore',
  maxSize: 10,
  maxExpand: 500,
  output: 'htmlAndMathml',
} as const satisfies KatexOptions;

/** What KaTeX made of a formula, or null when it does not parse; formulas typed again are not redone. */
const made = new Map<string, string | null>();

export function formulaHtml(tex: string, display: boolean): string | null {
  const key = `${display ? '$$' : '$'}${tex}`;
  let html = made.get(key);
  if (html === undefined) {
    try {
      html = katex.renderToString(tex, { ...KATEX_OPTIONS, displayMode: display });
    } catch {
      // A ParseError (or any other failure of KaTeX's): the page goes on, the formula shows as typed.
      html = null;
    }
    // A preview renders each keystroke's formula: keep the memory bounded.
    if (made.size >= 1000) made.clear();
    made.set(key, html);
  }
  return html;
}

/** Text and formulas: text (escaped by React), KaTeX's HTML, and the marker of a broken formula. */
export default function Formulas({ pieces }: { pieces: Piece[] }): ReactNode {
  const { broken } = useLanguage() === 'ko' ? korean : english;
  return pieces.map((piece, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, in order
    <Fragment key={i}>
      {typeof piece === 'string' ? piece : <Shown formula={piece} broken={broken} />}
    </Fragment>
  ));
}

function Shown({ formula, broken }: { formula: Formula; broken: string }) {
  const html = formulaHtml(formula.tex, formula.display);
  if (html === null)
    return (
      <span className={styles.broken}>
        <code className={styles.source}>{formula.source}</code> <span className={styles.label}>{broken}</span>
      </span>
    );
  return (
    <span
      className={formula.display ? styles.display : styles.inline}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: KaTeX's output, untrusted commands off (KATEX_OPTIONS)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
