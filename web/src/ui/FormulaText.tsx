import { lazy, Suspense } from 'react';

// A text with a dollar is read by FormulaPieces.tsx's small chunk, which loads KaTeX (~66 KB) only
// for a text that holds a formula. If it cannot load, the text stays as typed.
const FormulaPieces = lazy(() =>
  import('./FormulaPieces.tsx').catch(() => ({ default: ({ text }: { text: string }) => text })),
);

/**
 * Prose of a question (text, option, hint, explanation, answer): `$…$` and `$$…$$` rendered by KaTeX,
 * `\$` a dollar, everything else text, escaped by React (FormulaPieces.tsx). A text without a dollar,
 * most of them, needs no code but this.
 */
export function FormulaText({ text }: { text: string }) {
  return text.includes('$') ? (
    <Suspense fallback={text}>
      <FormulaPieces text={text} />
    </Suspense>
  ) : (
    text
  );
}
