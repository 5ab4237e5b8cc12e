import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as accountTexts from '../../common/accountTexts.ts';
import * as adminTexts from '../../common/adminTexts.ts';
import * as authoringTexts from '../../common/authoringTexts.ts';
import * as formulaTexts from '../../common/formulaTexts.ts';
import * as koAccountTexts from '../../common/i18n/ko/accountTexts.ts';
import * as koAdminTexts from '../../common/i18n/ko/adminTexts.ts';
import * as koAuthoringTexts from '../../common/i18n/ko/authoringTexts.ts';
import * as koFormulaTexts from '../../common/i18n/ko/formulaTexts.ts';
import * as koInsightTexts from '../../common/i18n/ko/insightTexts.ts';
import * as koMailTexts from '../../common/i18n/ko/mailTexts.ts';
import * as koMarkingTexts from '../../common/i18n/ko/markingTexts.ts';
import * as koMathTexts from '../../common/i18n/ko/mathTexts.ts';
import * as koMessages from '../../common/i18n/ko/messages.ts';
import * as koPortfolioTexts from '../../common/i18n/ko/portfolioTexts.ts';
import * as koReviewTexts from '../../common/i18n/ko/reviewTexts.ts';
import * as koSubmissionTexts from '../../common/i18n/ko/submissionTexts.ts';
import * as koTutoringTexts from '../../common/i18n/ko/tutoringTexts.ts';
import * as koValidationTexts from '../../common/i18n/ko/validationTexts.ts';
import * as koWeekTexts from '../../common/i18n/ko/weekTexts.ts';
import * as insightTexts from '../../common/insightTexts.ts';
import * as mailTexts from '../../common/mailTexts.ts';
import * as markingTexts from '../../common/markingTexts.ts';
import * as mathTexts from '../../common/mathTexts.ts';
import * as messages from '../../common/messages.ts';
import * as portfolioTexts from '../../common/portfolioTexts.ts';
import * as reviewTexts from '../../common/reviewTexts.ts';
import * as submissionTexts from '../../common/submissionTexts.ts';
import * as tutoringTexts from '../../common/tutoringTexts.ts';
import * as validationTexts from '../../common/validationTexts.ts';
import * as weekTexts from '../../common/weekTexts.ts';

/**
 * A text that exists in one language and not in the other fails here. Each texts file of
 * common/ (messages.ts, *Texts.ts) is paired with its Korean mirror in common/i18n/ko/; both trees
 * are walked: the same keys on both sides, a function where the other has a function, and no empty
 * text (a function's text is checked by calling it with sample arguments).
 */
const mirrored: Record<string, { en: object; ko: object }> = {
  messages: { en: messages, ko: koMessages },
  accountTexts: { en: accountTexts, ko: koAccountTexts },
  adminTexts: { en: adminTexts, ko: koAdminTexts },
  insightTexts: { en: insightTexts, ko: koInsightTexts },
  mailTexts: { en: mailTexts, ko: koMailTexts },
  markingTexts: { en: markingTexts, ko: koMarkingTexts },
  mathTexts: { en: mathTexts, ko: koMathTexts },
  portfolioTexts: { en: portfolioTexts, ko: koPortfolioTexts },
  reviewTexts: { en: reviewTexts, ko: koReviewTexts },
  tutoringTexts: { en: tutoringTexts, ko: koTutoringTexts },
  submissionTexts: { en: submissionTexts, ko: koSubmissionTexts },
  validationTexts: { en: validationTexts, ko: koValidationTexts },
  weekTexts: { en: weekTexts, ko: koWeekTexts },
  authoringTexts: { en: authoringTexts, ko: koAuthoringTexts },
  formulaTexts: { en: formulaTexts, ko: koFormulaTexts },
};

/**
 * Texts files whose Korean mirror is still being written (helper i18n-ko). Whoever adds a mirror
 * removes its file from here and adds it to `mirrored`; the list must end empty.
 */
const notYetMirrored = new Set<string>([]);

const commonDir = fileURLToPath(new URL('../../common/', import.meta.url));

/** Sample arguments for a text function: numbers, a name, lists of names (whatever it accepts). */
function call(fn: (...args: never[]) => unknown): unknown {
  const samples = [3, 'Sample', ['Ann', 'Bo']];
  // Try each sample type for every argument; a text function must give text for one of them.
  for (const sample of samples) {
    try {
      const text = (fn as (...args: unknown[]) => unknown)(
        ...Array.from({ length: fn.length }, () => sample),
      );
      if (typeof text === 'string') return text;
    } catch {
      // the wrong kind of argument for this function; try the next
    }
  }
  return (fn as (...args: unknown[]) => unknown)(1, 'Sample', ['Ann'], 'Sample');
}

/** Every difference between two text trees, as readable lines (`authTexts.signInTitle: missing in ko`). */
function differences(en: unknown, ko: unknown, at = ''): string[] {
  const problems: string[] = [];
  const kind = (value: unknown) => (Array.isArray(value) ? 'array' : typeof value);
  if (kind(en) !== kind(ko)) return [`${at || '(root)'}: ${kind(en)} in en, ${kind(ko)} in ko`];
  if (typeof en === 'string') {
    if (en.trim() === '') problems.push(`${at}: empty in en`);
    if ((ko as string).trim() === '') problems.push(`${at}: empty in ko`);
    return problems;
  }
  if (typeof en === 'function') {
    if (en.length !== (ko as () => unknown).length)
      problems.push(`${at}: takes ${en.length} arguments in en, ${(ko as () => unknown).length} in ko`);
    const enText = call(en as () => unknown);
    const koText = call(ko as () => unknown);
    if (typeof enText !== 'string' || enText.trim() === '') problems.push(`${at}: gives no text in en`);
    if (typeof koText !== 'string' || koText.trim() === '') problems.push(`${at}: gives no text in ko`);
    return problems;
  }
  if (en !== null && typeof en === 'object') {
    const enTree = en as Record<string, unknown>;
    const koTree = ko as Record<string, unknown>;
    const keys = new Set([...Object.keys(enTree), ...Object.keys(koTree)]);
    for (const key of keys) {
      const where = at ? `${at}.${key}` : key;
      if (!(key in koTree)) problems.push(`${where}: missing in ko`);
      else if (!(key in enTree)) problems.push(`${where}: missing in en`);
      else problems.push(...differences(enTree[key], koTree[key], where));
    }
    return problems;
  }
  return problems;
}

describe('Korean and English texts', () => {
  for (const [file, { en, ko }] of Object.entries(mirrored)) {
    it(`${file}: every text in both languages, same keys, functions where functions, none empty`, () => {
      expect(differences({ ...en }, { ...ko })).toEqual([]);
    });
  }

  it('every texts file of common/ has its Korean mirror (or is still listed as being written)', () => {
    const textsFiles = fs
      .readdirSync(commonDir)
      .filter((name) => name === 'messages.ts' || /Texts\.ts$/.test(name))
      .map((name) => name.replace(/\.ts$/, ''));
    const koDir = path.join(commonDir, 'i18n', 'ko');
    for (const file of textsFiles) {
      const hasMirror = fs.existsSync(path.join(koDir, `${file}.ts`));
      if (notYetMirrored.has(file))
        expect(hasMirror, `${file} has a mirror: move it to \`mirrored\``).toBe(false);
      else expect(Object.keys(mirrored), `${file} has no Korean mirror in the parity check`).toContain(file);
    }
  });

  it('finds a missing key, a string turned function and an empty text', () => {
    expect(
      differences(
        { a: { b: 'x', c: 'y' }, f: (n: number) => `${n}`, e: 'z' },
        { a: { b: 'x' }, f: 'text', e: ' ', extra: 'w' },
      ),
    ).toEqual([
      'a.c: missing in ko',
      'f: function in en, string in ko',
      'e: empty in ko',
      'extra: missing in en',
    ]);
  });
});
