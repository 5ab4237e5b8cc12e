import { texts } from './texts.ts';

/**
 * The marker beside a formula in a question that does not parse (web/src/ui/Formulas.tsx), whose
 * source is shown as typed.
 */
export const formulaTexts = texts({
  broken: 'formula error',
});
