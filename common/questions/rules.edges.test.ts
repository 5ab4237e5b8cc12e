import { describe, expect, it } from 'vitest';
import { joinCode } from './forms.ts';
import { answerProblem, autoMark, decodeMultiAnswer, MARKS, sameSet, splitCode } from './rules.ts';

/** Edges of the question rules, written against the survivors of the mutation run of common/. */
describe('question rules: edges', () => {
  it('lists the marks', () => {
    expect(MARKS).toEqual([0, 1, -1]);
  });

  it('splitCode drops only the one line break after the marker, and reads the tag only at the start', () => {
    expect(splitCode('Q&code:\n\nx = 1')).toEqual({ text: 'Q', code: '\nx = 1', language: null });
    expect(splitCode('Q&code:x\n')).toEqual({ text: 'Q', code: 'x\n', language: null });
    expect(splitCode('Q&code:&type=sql:\nselect 1')).toEqual({
      text: 'Q',
      code: 'select 1',
      language: 'sql',
    });
    expect(splitCode('Q&code:x &type=sql:y')).toEqual({ text: 'Q', code: 'x &type=sql:y', language: null });
  });

  it('joinCode leaves the text alone without code', () => {
    expect(joinCode('Q', null)).toBe('Q');
    expect(joinCode('Q', '')).toBe('Q');
    expect(joinCode('Q', '', 'java')).toBe('Q');
    expect(joinCode('Q', 'x')).toBe('Q&code:x');
  });

  it('decodeMultiAnswer wants an array of texts only', () => {
    expect(decodeMultiAnswer('["a","b","a"]')).toEqual(['a', 'b']);
    expect(decodeMultiAnswer('[]')).toEqual([]);
    expect(decodeMultiAnswer('"a"')).toBeNull();
    expect(decodeMultiAnswer('{"0":"a"}')).toBeNull();
    expect(decodeMultiAnswer('["a",1]')).toBeNull();
    expect(decodeMultiAnswer('[1]')).toBeNull();
    expect(decodeMultiAnswer('a')).toBeNull();
  });

  it('sameSet compares sets, not sizes or order', () => {
    expect(sameSet(['a', 'b'], ['b', 'a', 'a'])).toBe(true);
    expect(sameSet(['a', 'b'], ['a', 'c'])).toBe(false);
    expect(sameSet(['a'], ['a', 'b'])).toBe(false);
    expect(sameSet([], [])).toBe(true);
  });

  it('autoMark of a multiple answer is wrong when either side is not an array', () => {
    expect(autoMark('M', '["a","b"]', '["b","a"]')).toBe(1);
    expect(autoMark('M', '["a"]', 'a')).toBe(-1);
    expect(autoMark('M', 'a', '["a"]')).toBe(-1);
    expect(autoMark('M', '["a"]', '["a","b"]')).toBe(-1);
  });

  it('answerProblem checks each type by its own rule', () => {
    expect(answerProblem('m', ['a', 'b'], 'b')).toBeNull();
    expect(answerProblem('m', ['a', 'b'], 'c')).toBe('is not one of the options');
    expect(answerProblem('s', ['a'], 'anything')).toBeNull();
    expect(answerProblem('M', ['a', 'b'], 'c')).toBe('must be a JSON array of the chosen options');
    expect(answerProblem('M', ['a', 'b'], '[]')).toBe('must be a JSON array of the chosen options');
    expect(answerProblem('M', ['a', 'b'], '["a","b"]')).toBeNull();
    expect(answerProblem('M', ['a', 'b'], '["a","c"]')).toBe(
      'contains a value that is not one of the options',
    );
    expect(answerProblem('M', ['a', 'b'], '  ')).toBe('must not be empty');
  });
});
