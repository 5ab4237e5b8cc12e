import { lazy, type ReactNode, Suspense } from 'react';
import type { Piece } from './Formulas.tsx';

/*
 * Formulas as teachers type them: `$$…$$` (display) and `$…$` (inline) TeX; `\$` is a dollar; inline
 * code in backticks is kept as typed, never read as TeX. Matched in that order of precedence at one
 * position. In a formula a backslash escapes the next character, so `\$` stays TeX's dollar. An
 * inline formula neither starts nor ends with a space and is not followed by a digit, so prices
 * ("$5 and $10") stay text. Group 1 is a display formula's TeX, group 2 an inline one's.
 */
const PIECES =
  /\\\$|`[^`\n]*`|\$\$((?:\\[\s\S]|[^\\$])+?)\$\$|\$(?![\s$])((?:\\[\s\S]|[^\\$])*?)(?<!\s)\$(?!\d)/g;

/** Splits prose (never code: splitCode has taken it off) into text and formulas. */
export function splitFormulas(text: string): Piece[] {
  const pieces: Piece[] = [];
  let plain = '';
  let from = 0;
  for (const match of text.matchAll(PIECES)) {
    const [source, display, inline] = match;
    plain += text.slice(from, match.index);
    from = match.index + source.length;
    const tex = display ?? inline;
    if (tex === undefined) plain += source === '\\$' ? '$' : source;
    else {
      if (plain) pieces.push(plain);
      plain = '';
      pieces.push({ tex, display: display !== undefined, source });
    }
  }
  plain += text.slice(from);
  if (plain) pieces.push(plain);
  return pieces;
}

/** The pieces as typed (a formula with its dollars; `\$` a dollar): while KaTeX loads, or if it cannot. */
const asTyped = (pieces: Piece[]) =>
  pieces.map((piece) => (typeof piece === 'string' ? piece : piece.source)).join('');

const Formulas = lazy(() =>
  import('./Formulas.tsx').catch(() => ({ default: ({ pieces }: { pieces: Piece[] }) => asTyped(pieces) })),
);

/** A text with a dollar (FormulaText.tsx): its formulas rendered by KaTeX, loaded only if it has one. */
export default function FormulaPieces({ text }: { text: string }): ReactNode {
  const pieces = splitFormulas(text);
  return pieces.every((piece) => typeof piece === 'string') ? (
    asTyped(pieces)
  ) : (
    <Suspense fallback={asTyped(pieces)}>
      <Formulas pieces={pieces} />
    </Suspense>
  );
}
