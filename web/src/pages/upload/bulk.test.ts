import { describe, expect, it } from 'vitest';
import { parseBulkJson } from './bulk.ts';

describe('parseBulkJson', () => {
  it('reads an array and points at the broken spot of invalid JSON', () => {
    expect(parseBulkJson('[{"title":"a"}]')).toEqual({ items: [{ title: 'a' }] });
    const broken = parseBulkJson('[\n  {"title": "a",}\n]');
    expect('error' in broken && broken.error).toMatch(/^Invalid JSON at line 2, column \d+ \(position \d+\)/);
    expect(parseBulkJson('{"title":"a"}')).toEqual({
      error: 'The JSON must be an array of questions: [ {…}, {…} ].',
    });
  });
});
