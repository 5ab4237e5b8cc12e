import { describe, expect, it } from 'vitest';
import { plural } from './texts.ts';

describe('plural', () => {
  it('gives the English form that agrees with the count', () => {
    const question = { one: 'question', other: 'questions' };
    expect(plural(1, question)).toBe('question');
    expect(plural(2, question)).toBe('questions');
    expect(plural(0, question)).toBe('questions');
    expect(plural(21, question)).toBe('questions');
    expect(plural(1.5, question)).toBe('questions');
  });
});
