import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { plural } from '../../common/texts.ts';
import { serverTexts } from './texts.ts';

/**
 * A count shown to a user agrees with its number: every text that is a function, in both languages,
 * is called with each argument as the count 1, then 2 (`countOf`). In English, 1 is followed by no
 * plural noun ('1 questions parsed') and 2 by no singular; a count goes through `plural`
 * (common/texts.ts), not `count === 1`, which the count given here does not satisfy. Korean has no
 * plural forms: its texts read the same for 1 as for 2.
 */
const commonDir = new URL('../../common/', import.meta.url);

/** Every texts file of common/ (messages.ts, *Texts.ts): the server's and the web app's texts. */
const textsFiles = fs
  .readdirSync(commonDir)
  .filter((name) => name === 'messages.ts' || /Texts\.ts$/.test(name))
  .sort();

type Text = (...args: never[]) => unknown;

/** Every function-valued text of the texts files of one language, by its path (`authoringTexts.bulkTexts.saved`). */
async function textFunctions(language: 'en' | 'ko'): Promise<Map<string, Text>> {
  const found = new Map<string, Text>();
  const walk = (value: unknown, at: string) => {
    if (typeof value === 'function') found.set(at, value as Text);
    else if (value && typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) walk(inner, `${at}.${key}`);
  };
  for (const file of textsFiles) {
    const url = new URL(language === 'en' ? file : `i18n/ko/${file}`, commonDir);
    walk({ ...(await import(url.href)) }, file.replace(/\.ts$/, ''));
  }
  return found;
}

/**
 * An argument that reads as the count `n` whatever the text takes: a number (`${n}`, `plural(n, …)`,
 * `n.toLocaleString()`), a list of n names (`names.length`, `names.join(', ')`), an object whose
 * fields are n (a week's summary), or a name made of the digits of n (padded to n characters, so that
 * its `length` is n as well).
 */
function countOf(n: number): unknown {
  const names = Array.from({ length: n }, () => 'Ann');
  const name = String(n).padStart(n, '0');
  return new Proxy(names, {
    get(target, key) {
      if (key === Symbol.toPrimitive) return () => n;
      if (key === 'toLocaleString')
        return (...args: Parameters<number['toLocaleString']>) => n.toLocaleString(...args);
      if (key in target || typeof key === 'symbol') return Reflect.get(target, key);
      const method = (name as unknown as Record<string, unknown>)[key];
      return typeof method === 'function' ? method.bind(name) : n;
    },
  });
}

/** A text with every argument given as the count n. */
function withCount(text: Text, n: number): string {
  const args = Array.from({ length: text.length }, () => countOf(n));
  return String((text as (...args: unknown[]) => unknown)(...args));
}

/** Texts whose number never is 1, left out of the check that 1 is singular (each with why). */
const neverOne: Record<string, string> = {
  'validationTexts.validationTexts': "a request's limits (common/limits.ts), none of them 1",
  'mathTexts.mathTexts.rewardAmount': 'the reward is 10 × (right − wrong), already formatted',
};
/** Texts whose number-like argument is a name, left out of the check that 2 is plural (each with why). */
const names: Record<string, string> = {
  'authoringTexts.questionTexts.zoneTime': 'a time zone: `Asia/Seoul time`',
  'authoringTexts.bulkTexts.zoneAfter': 'a time zone: `) are Asia/Seoul time.`',
};
/** Words after "1 " that end in s and are no plural: words after a name given as 1 ("1 is not linked", "1 as students see it"). */
const notPlurals = new Set(['is', 'has', 'was', 'comes', 'reads', 'signs', 'as']);

const exempt = (list: Record<string, string>, at: string) =>
  Object.keys(list).some((prefix) => at === prefix || at.startsWith(`${prefix}.`));

/** What follows the count 1 and reads as a plural: `1 questions`. */
function pluralsAfterOne(text: Text): string[] {
  return [...withCount(text, 1).matchAll(/\b1 ([a-z]+s)\b/gi)]
    .map(([, word]) => word!)
    .filter((word) => !notPlurals.has(word.toLowerCase()))
    .map((word) => `1 ${word}`);
}

/** The words after a count of 2 in a text (`2 questions`), as lower case. */
function wordsAfterTwo(text: Text): string[] {
  return [...withCount(text, 2).matchAll(/\b2 ([a-z]+)\b/gi)].map(([, word]) => word!.toLowerCase());
}

/**
 * What follows the count 2 and reads as a singular: a word whose plural (the word and an s) follows 2
 * elsewhere in the texts (`plurals`), as in `2 students × 2 service`.
 */
function singularsAfterTwo(text: Text, plurals: ReadonlySet<string>): string[] {
  return wordsAfterTwo(text)
    .filter((word) => plurals.has(`${word}s`))
    .map((word) => `2 ${word}`);
}

describe('counts in the texts agree with their number', () => {
  it('reads every texts file of common/ in both languages', async () => {
    expect(textsFiles).toContain('messages.ts');
    expect(textsFiles).toContain('authoringTexts.ts');
    expect((await textFunctions('en')).size).toBeGreaterThan(200);
    expect([...(await textFunctions('ko')).keys()].sort()).toEqual(
      [...(await textFunctions('en')).keys()].sort(),
    );
  });

  it("holds every text of the server's trees (the web app's namespaces are these files too)", async () => {
    const walked = new Set([
      ...(await textFunctions('en')).values(),
      ...(await textFunctions('ko')).values(),
    ]);
    const missing: string[] = [];
    const walk = (value: unknown, at: string) => {
      if (typeof value === 'function' && !walked.has(value as Text)) missing.push(at);
      else if (value && typeof value === 'object')
        for (const [key, inner] of Object.entries(value)) walk(inner, `${at}.${key}`);
    };
    walk(serverTexts('en'), 'en');
    walk(serverTexts('ko'), 'ko');
    expect(missing).toEqual([]);
  });

  it('English: a count of 1 is never followed by a plural noun', async () => {
    const wrong: string[] = [];
    for (const [at, text] of await textFunctions('en'))
      if (!exempt(neverOne, at)) wrong.push(...pluralsAfterOne(text).map((words) => `${at}: ${words}`));
    expect(wrong).toEqual([]);
  });

  it('English: a count of 2 is never followed by a singular noun', async () => {
    const texts = await textFunctions('en');
    const plurals = new Set([...texts.values()].flatMap(wordsAfterTwo));
    expect(plurals).toContain('questions');
    const wrong: string[] = [];
    for (const [at, text] of texts)
      if (!exempt(names, at))
        wrong.push(...singularsAfterTwo(text, plurals).map((words) => `${at}: ${words}`));
    expect(wrong).toEqual([]);
  });

  it('Korean: a text reads the same for 1 as for 2 but for the number (no plural forms)', async () => {
    const changed: string[] = [];
    // A list of names reads as one name, a number as #.
    const shape = (text: string) => text.replace(/("?)Ann\1([,;] \1Ann\1)*/g, 'Ann').replace(/\d+/g, '#');
    for (const [at, text] of await textFunctions('ko')) {
      if (shape(withCount(text, 1)) !== shape(withCount(text, 2))) changed.push(at);
    }
    expect(changed).toEqual([]);
  });

  it('the checks find "1 questions parsed", a singular after 2, and not "1 is"', () => {
    expect(pluralsAfterOne((count: number) => `${count} questions parsed.`)).toEqual(['1 questions']);
    expect(pluralsAfterOne((count: number) => `${count} Questions Answered`)).toEqual(['1 Questions']);
    expect(pluralsAfterOne((name: string) => `${name} is not linked.`)).toEqual([]);
    const selected = (students: number, services: number) =>
      `${students} ${plural(students, { one: 'student', other: 'students' })} × ${services} service`;
    const plurals = new Set(['services', 'questions']);
    expect(singularsAfterTwo(selected, plurals)).toEqual(['2 service']);
    expect(singularsAfterTwo((count: number) => `${count} of ${count} questions`, plurals)).toEqual([]);
  });
});
