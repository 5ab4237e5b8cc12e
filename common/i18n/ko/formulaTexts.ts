import type * as en from '../../formulaTexts.ts';
import type { Translation } from '../translation.ts';

/** The marker of a formula that does not parse (common/formulaTexts.ts) in Korean. */
export const formulaTexts: Translation<typeof en.formulaTexts> = {
  broken: '수식 오류',
};
