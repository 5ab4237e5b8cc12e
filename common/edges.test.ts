import { describe, expect, it } from 'vitest';
import { AVATAR_URL_PREFIX, DEFAULT_AVATAR_URL } from './avatars.ts';
import { MathAnswerRequest } from './contracts/math.ts';
import { wallClock } from './dates.ts';
import { acceptedLanguages } from './i18n/translation.ts';
import { parseMathQuestion } from './math.ts';
import { agoBetween } from './portfolio/stopwatch.ts';
import { textKey } from './questions/normalise.ts';
import { autoMark } from './questions/rules.ts';
import { gapAfterRightRedo } from './reviewSchedule.ts';
import { isSingleScript } from './scripts.ts';
import { idField } from './validation.ts';

/** Survivors of common/'s mutation run that change an answer, one block per module. */

describe('acceptedLanguages', () => {
  it('reads a weight written after a space, and a tag with a space before its parameters', () => {
    expect(acceptedLanguages('en; q=0.1, ko')).toEqual(['ko', 'en']);
    expect(acceptedLanguages('en;q=0.4, ko ;q=0.5')).toEqual(['ko', 'en']);
  });
});

describe('parseMathQuestion', () => {
  it('takes the sum with or without spaces around the plus', () => {
    expect(parseMathQuestion('120+300')).toEqual({ a: 120, b: 300 });
    expect(parseMathQuestion('120 +300')).toEqual({ a: 120, b: 300 });
    expect(parseMathQuestion('120+ 300')).toEqual({ a: 120, b: 300 });
  });
});

describe("the drill's answer", () => {
  it('only a text of digits becomes a number, never a list of one', () => {
    expect(MathAnswerRequest.parse({ name: 'ann', questionId: 3, answer: '12' }).answer).toBe(12);
    expect(MathAnswerRequest.safeParse({ name: 'ann', questionId: 3, answer: ['12'] }).success).toBe(false);
  });
});

describe('textKey', () => {
  it('folds ß and SS alike (upper case first, then lower case)', () => {
    expect(textKey('Straße')).toBe('strasse');
    expect(textKey('STRASSE')).toBe('strasse');
  });
});

describe('agoBetween', () => {
  const seoul = (iso: string) => wallClock(new Date(iso), 'Asia/Seoul');

  it('a month is not full a second early, even across minutes', () => {
    expect(agoBetween(seoul('2026-01-10T10:01:00+09:00'), seoul('2026-02-10T10:00:59+09:00')).monthAgo).toBe(
      0,
    );
    expect(agoBetween(seoul('2026-01-10T10:01:00+09:00'), seoul('2026-02-10T10:01:00+09:00')).monthAgo).toBe(
      1,
    );
  });

  it('within one calendar month no month is counted, forwards or backwards', () => {
    expect(agoBetween(seoul('2026-01-10T10:00:00+09:00'), seoul('2026-01-20T10:00:00+09:00')).monthAgo).toBe(
      0,
    );
    expect(agoBetween(seoul('2026-01-20T10:00:00+09:00'), seoul('2026-01-10T10:00:00+09:00')).monthAgo).toBe(
      0,
    );
  });
});

describe('autoMark of a multiple-answer question', () => {
  it('is wrong when the stored answer or the given one is not a JSON list', () => {
    expect(autoMark('M', 'not json', '[]')).toBe(-1);
    expect(autoMark('M', 'not json', 'not json')).toBe(-1);
    expect(autoMark('M', '["a"]', 'not json')).toBe(-1);
  });
});

describe('gapAfterRightRedo', () => {
  it("is the ladder's step, and null past its last step (the question sticks)", () => {
    expect(gapAfterRightRedo(0, [1, 3, 7])).toBe(1);
    expect(gapAfterRightRedo(2, [1, 3, 7])).toBe(7);
    expect(gapAfterRightRedo(3, [1, 3, 7])).toBeNull();
    expect(gapAfterRightRedo(4, [1, 3, 7])).toBeNull();
  });
});

describe('isSingleScript', () => {
  it('a name in one script other than Latin', () => {
    expect(isSingleScript('Иван')).toBe(true);
    expect(isSingleScript('김민준')).toBe(true);
  });

  it('Latin with Bopomofo (and Han) is one of the CJK combinations', () => {
    expect(isSingleScript('aㄅ')).toBe(true);
    expect(isSingleScript('a中ㄅ')).toBe(true);
    expect(isSingleScript('aあ')).toBe(true);
    expect(isSingleScript('a한')).toBe(true);
  });

  it("counts another script's digits", () => {
    expect(isSingleScript('abc१')).toBe(false);
  });
});

describe('idField', () => {
  it('refuses a value that is neither a number nor a text of digits', () => {
    expect(idField.safeParse(true).success).toBe(false);
    expect(idField.safeParse([]).success).toBe(false);
    expect(idField.safeParse(null).success).toBe(false);
    // A list's text is its items' (`String(['12'])` is '12'): only a text may become a number.
    expect(idField.safeParse(['12']).success).toBe(false);
    expect(idField.parse('12')).toBe(12);
  });
});

describe('avatars', () => {
  it('the picture of everyone without one', () => {
    expect(AVATAR_URL_PREFIX).toBe('/images/avatars/');
    expect(DEFAULT_AVATAR_URL).toBe('/images/avatars/default.svg');
  });
});
