import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinCode, splitNameList } from './forms.ts';
import { answerProblem, autoMark, decodeMultiAnswer, encodeMultiAnswer, splitCode } from './rules.ts';

describe('question rules', () => {
  it('splits code after the marker, with an optional language tag (none when untagged, never a guess)', () => {
    expect(splitCode('What prints?&code:print(1)')).toEqual({
      text: 'What prints?',
      code: 'print(1)',
      language: null,
    });
    expect(splitCode('What prints?&code:&type=java:System.out.println(1);').language).toBe('java');
    expect(splitCode('Rows?&code:&type=sql:SELECT 1')).toEqual({
      text: 'Rows?',
      code: 'SELECT 1',
      language: 'sql',
    });
    expect(splitCode('No code here')).toEqual({ text: 'No code here', code: null, language: null });
    expect(splitCode('Odd&code:&type=rust:fn main(){}').code).toBe('&type=rust:fn main(){}');
  });

  it('round-trips code through joinCode', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('&code:')),
        fc.string({ minLength: 1 }).filter((s) => !s.startsWith('\n') && !s.startsWith('&type=')),
        fc.constantFrom('java', 'sql', 'python', 'c', 'cpp', null),
        (text, code, language) => {
          expect(splitCode(joinCode(text, code, language))).toEqual({ text, code, language });
        },
      ),
    );
  });

  it('compares M answers as sets and round-trips their encoding', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string(), { minLength: 1, maxLength: 5 }), (values) => {
        const shuffled = [...values].reverse();
        expect(decodeMultiAnswer(encodeMultiAnswer(values))).toEqual(values);
        expect(autoMark('M', encodeMultiAnswer(values), encodeMultiAnswer(shuffled))).toBe(1);
      }),
    );
    expect(autoMark('M', '["a","b"]', '["a"]')).toBe(-1);
    expect(autoMark('M', '["a","b"]', '["a","b","c"]')).toBe(-1);
    expect(autoMark('M', '["a","b"]', 'a,b')).toBe(-1);
  });

  it('marks m exactly and leaves s unmarked', () => {
    expect(autoMark('m', 'O(n)', 'O(n)')).toBe(1);
    expect(autoMark('m', 'O(n)', 'O(n) ')).toBe(-1);
    expect(autoMark('s', 'anything', 'anything')).toBe(0);
  });

  it('accepts only answers that fit the question', () => {
    expect(answerProblem('m', ['a', 'b'], 'c')).toBe('is not one of the options');
    expect(answerProblem('m', ['a', 'b'], 'a')).toBeNull();
    expect(answerProblem('M', ['a', 'b'], '["a","x"]')).toMatch(/not one of the options/);
    expect(answerProblem('M', ['a', 'b'], 'a')).toMatch(/JSON array/);
    expect(answerProblem('s', [], '   ')).toBe('must not be empty');
  });

  it('normalises comma-separated name lists', () => {
    expect(splitNameList(' Alice, bob ,,ALICE, ')).toEqual(['alice', 'bob']);
  });
});
