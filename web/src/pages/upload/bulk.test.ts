import { describe, expect, it } from 'vitest';
import { bulkRuleTexts as en } from '../../../../common/authoringTexts.ts';
import { bulkRuleTexts as ko } from '../../../../common/i18n/ko/authoringTexts.ts';
import { namedFiles, parseBulkJson, withPictureIds } from './bulk.ts';

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

describe('pictures named by file', () => {
  const id = 'c'.repeat(64);
  const items = [
    {
      title: 'a',
      pictures: [
        { file: ' tri.png ', alt: 'A triangle' },
        { id, alt: 'uploaded before' },
      ],
    },
    { title: 'b', pictures: [{ file: 'tri.png', alt: 'again', part: 'explanation' }, { file: 'sq.png' }] },
    { title: 'c' },
  ];

  it('lists each file name once, leaving out pictures that have an id', () => {
    expect(namedFiles(items)).toEqual(['tri.png', 'sq.png']);
  });

  it('puts the uploaded ids in place of the file names', () => {
    const uploaded = new Map([
      ['tri.png', 'a'.repeat(64)],
      ['sq.png', 'b'.repeat(64)],
    ]);
    expect(withPictureIds(items, uploaded)).toEqual([
      {
        title: 'a',
        pictures: [
          { alt: 'A triangle', id: 'a'.repeat(64) },
          { id, alt: 'uploaded before' },
        ],
      },
      {
        title: 'b',
        pictures: [{ alt: 'again', part: 'explanation', id: 'a'.repeat(64) }, { id: 'b'.repeat(64) }],
      },
      { title: 'c' },
    ]);
  });
});
