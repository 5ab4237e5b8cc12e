import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerKey, answerMode, codeKey, modelMatch, textKey } from './normalise.ts';

describe('textKey', () => {
  it.each([
    ['Paris', 'paris'],
    ['  The   Eiffel\tTower.\n', 'the eiffel tower'],
    ['"Paris!"', 'paris'],
    ['well-known, isn’t it?', 'well known isn t it'],
    ['Ｐａｒｉｓ　１２', 'paris 12'],
    ['ﬁle', 'file'],
    ['O(n)', 'o n'],
    ['서울', '서울'],
    ['서울입니다.', '서울입니다'],
    ['Straße', 'strasse'],
    ['STRAẞE', 'strasse'],
  ])('%j → %j', (answer, key) => expect(textKey(answer)).toBe(key));

  it("keeps the punctuation of numbers, so a number's value is never changed", () => {
    expect(textKey('3.5')).toBe('3.5');
    expect(textKey('3.5.')).toBe('3.5');
    expect(textKey('1,000')).toBe('1,000');
    expect(textKey('2/3')).toBe('2/3');
    expect(textKey('at 1:30')).toBe('at 1:30');
    expect(textKey('-5')).toBe('-5');
    expect(textKey('.5')).toBe('.5');
    expect(textKey('x, 5')).toBe('x 5');
    expect(textKey('3.5')).not.toBe(textKey('35'));
    expect(textKey('-5')).not.toBe(textKey('5'));
    // Not compared by value (documented): these stay different answers.
    expect(textKey('0.5')).not.toBe(textKey('.5'));
    expect(textKey('1,000')).not.toBe(textKey('1000'));
  });

  it('keeps symbols, so different expressions stay different', () => {
    expect(textKey('O(n^2)')).not.toBe(textKey('O(n)^2'));
    expect(textKey('a+b')).toBe('a+b');
    expect(textKey('a+b')).not.toBe(textKey('ab'));
    expect(textKey('50%')).toBe('50%');
    expect(textKey('C#')).not.toBe(textKey('C'));
  });

  it('drops the code marker and its language tag', () => {
    expect(textKey('Loops&code:&type=python:FOR')).toBe('loops for');
  });
});

describe('codeKey', () => {
  it.each([
    ['a = b;', 'a=b;'],
    ['a=b;', 'a=b;'],
    ['int  x = 1 ;', 'int x=1;'],
    ['for i in range(2):\n    print(i)', 'for i in range(2):print(i)'],
    ['  return x\n', 'return x'],
    ['&code:&type=java:x ++', 'x++'],
    ['Ｘ　＝　１', 'X=1'],
  ])('%j → %j', (answer, key) => expect(codeKey(answer)).toBe(key));

  it('keeps case and the space between words', () => {
    expect(codeKey('int x')).not.toBe(codeKey('intx'));
    expect(codeKey('String s')).not.toBe(codeKey('string s'));
    expect(codeKey('return x;')).not.toBe(codeKey('return x'));
  });
});

describe('answerMode and answerKey', () => {
  it('compares as code when the model answer carries code', () => {
    expect(answerMode('Paris')).toBe('text');
    expect(answerMode('Loops&code:&type=python:for i in x: pass')).toBe('code');
    expect(answerKey('A  = b', 'code')).toBe('A=b');
    expect(answerKey('A  = b', 'text')).toBe('a = b');
  });
});

describe('modelMatch', () => {
  it('tells an exact match from a normalised one and from a code match', () => {
    expect(modelMatch('Paris', 'Paris')).toBe('exact');
    expect(modelMatch('Paris', ' paris. ')).toBe('normalised');
    expect(modelMatch('Paris', 'London')).toBeNull();
    const code = '&code:&type=java:int x = a + b;';
    expect(modelMatch(code, 'int x=a+b;')).toBe('code');
    expect(modelMatch(code, 'int x = a + b')).toBeNull();
    expect(modelMatch(code, 'INT x = a + b;')).toBeNull();
    // A student who puts the code marker elsewhere (or none) still matches the same code.
    expect(modelMatch('Use&code:x = 1', 'Use\nx=1')).toBe('code');
    expect(modelMatch('Use&code:x = 1', 'Use&code:&type=python:x  =  1')).toBe('code');
  });

  it('never matches an answer that is only punctuation or space', () => {
    expect(modelMatch('?', '!')).toBeNull();
    expect(modelMatch('...', '   ')).toBeNull();
  });
});

const answers = fc.string({ unit: 'grapheme', maxLength: 30 });

describe('properties', () => {
  it('keys are idempotent: a key is its own key', () => {
    fc.assert(
      fc.property(answers, (a) => {
        expect(textKey(textKey(a))).toBe(textKey(a));
        expect(codeKey(codeKey(a))).toBe(codeKey(a));
      }),
    );
  });

  it('a text key ignores case, surrounding space and a trailing full stop', () => {
    fc.assert(
      fc.property(answers, (a) => {
        expect(textKey(a.toUpperCase())).toBe(textKey(a.toLowerCase()));
        expect(textKey(`  ${a} \n`)).toBe(textKey(a));
        // A trailing full stop ends the sentence unless it could start a number (`.5`).
        if (!/\p{Nd}$/u.test(textKey(a))) expect(textKey(`${a}.`)).toBe(textKey(a));
      }),
    );
  });

  it('a code key ignores any change of white space between tokens, and keeps every other character', () => {
    const token = fc.constantFrom('int', 'x', '=', '1', ';', '(', ')', 'return', '+', '"a"', 'i++');
    const gap = fc.constantFrom('', ' ', '  ', '\n', '\t', '\n    ');
    fc.assert(
      fc.property(fc.array(fc.tuple(token, gap, gap), { maxLength: 12 }), (parts) => {
        // Joined with some white space (always some between two word tokens) or with other white space.
        const join = (pick: 1 | 2) =>
          parts
            .map(([tok, ...gaps], i) => {
              const next = parts[i + 1]?.[0] ?? '';
              const needed = /\w$/.test(tok) && /^\w/.test(next);
              const chosen = gaps[pick - 1]!;
              return tok + (needed && chosen === '' ? ' ' : chosen);
            })
            .join('');
        expect(codeKey(join(1))).toBe(codeKey(join(2)));
        expect(codeKey(join(1)).replace(/ /g, '')).toBe(parts.map(([tok]) => tok).join(''));
      }),
    );
  });

  it('an exact match is always a match, and the comparison never throws', () => {
    fc.assert(
      fc.property(answers, answers, (model, student) => {
        if (model !== '') expect(modelMatch(model, model)).toBe('exact');
        const result = modelMatch(model, student);
        expect([null, 'exact', 'normalised', 'code']).toContain(result);
        if (result === 'normalised') expect(textKey(student)).toBe(textKey(model));
      }),
    );
  });
});

describe('answer keys: punctuation before a digit, white space in code', () => {
  it('keeps . , / : only between digits, - and . before a digit, and spaces out the rest', () => {
    expect(textKey('a,5')).toBe('a 5');
    expect(textKey('1;5')).toBe('1 5');
    expect(textKey('!5')).toBe('5');
    expect(textKey('x (5)')).toBe('x 5');
    expect(textKey('1,5')).toBe('1,5');
    expect(textKey('a -5')).toBe('a -5');
    expect(textKey('a .5')).toBe('a .5');
  });

  it('collapses every run of white space in code before deciding which to keep', () => {
    expect(codeKey('a\n\n b')).toBe('a b');
    expect(codeKey('x =\t\n1')).toBe('x=1');
  });
});
