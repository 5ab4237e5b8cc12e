import { describe, expect, it } from 'vitest';
import { bulkRuleTexts as en } from '../../../../common/authoringTexts.ts';
import { bulkRuleTexts as ko } from '../../../../common/i18n/ko/authoringTexts.ts';
import { parseBulkJson } from './bulk.ts';

describe('parseBulkJson', () => {
  it('reads an array and points at the broken spot of invalid JSON', () => {
    expect(parseBulkJson('[{"title":"a"}]', en)).toEqual({ items: [{ title: 'a' }] });
    const broken = parseBulkJson('[\n  {"title": "a",}\n]', en);
    expect('error' in broken && broken.error).toMatch(/^Invalid JSON at line 2, column \d+ \(position \d+\)/);
    expect(parseBulkJson('{"title":"a"}', en)).toEqual({
      error: 'The JSON must be an array of questions: [ {…}, {…} ].',
    });
  });

  it('says the same in Korean', () => {
    const broken = parseBulkJson('[\n  {"title": "a",}\n]', ko);
    expect('error' in broken && broken.error).toMatch(
      /^JSON이 올바르지 않습니다: 2번째 줄, \d+번째 칸 \(위치 \d+\)/,
    );
    expect(parseBulkJson('{"title":"a"}', ko)).toEqual({
      error: 'JSON은 문제들의 배열이어야 합니다: [ {…}, {…} ]',
    });
  });
});
