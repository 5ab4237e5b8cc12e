import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeMultiAnswer, normaliseNames } from '../rules.ts';
import { readGift, writeGift } from './gift.ts';
import type { BankQuestion, BankWords } from './model.ts';
import { readMoodleXml, writeMoodleXml } from './moodleXml.ts';

const words: BankWords = { true: 'True', false: 'False', alsoAccepted: (a) => `Also: ${a.join(', ')}` };

/**
 * Texts made of what the formats treat specially (GIFT's escapes and markers, XML's markup, format
 * tags, weights, matching arrows, comment slashes, new lines) and ordinary letters, Korean included.
 * Our stored texts have no leading or trailing white space (both formats trim it).
 */
const CHARACTERS = [
  ...'ab Z1\n\t~=#{}:\\[]%->/<&"\'_$.',
  ...'가나',
  '[html]',
  '[plain]',
  '%50%',
  '->',
  '//',
  '####',
  '&amp;',
  '<b>',
  '$CATEGORY:',
  'TRUE',
  'T',
  ']]>',
];
const text = fc
  .array(fc.constantFrom(...CHARACTERS), { minLength: 1, maxLength: 12 })
  .map((parts) => parts.join('').trim())
  .filter((t) => t !== '');

const question: fc.Arbitrary<BankQuestion> = fc
  .record({
    title: text,
    question: text,
    explanation: text,
    hint: fc.option(text, { nil: null }),
    topics: fc.array(text, { maxLength: 4 }).map(normaliseNames),
    choice: fc.uniqueArray(text, { minLength: 2, maxLength: 5 }),
    rightOnes: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
    type: fc.constantFrom('m', 'M', 's'),
    shortAnswer: text,
  })
  .map(({ choice, rightOnes, type, shortAnswer, ...rest }) => {
    if (type === 's') return { ...rest, type, candidates: [], answer: shortAnswer };
    const right = choice.filter((_, i) => rightOnes[i]);
    const answer = type === 'm' ? choice[0]! : encodeMultiAnswer(right.length ? right : [choice[1]!]);
    return { ...rest, type, candidates: choice, answer };
  });

const runs = 300;

describe('a question bank file read back gives the questions written', () => {
  it('GIFT: import(export(questions)) = questions', () => {
    fc.assert(
      fc.property(fc.array(question, { minLength: 1, maxLength: 5 }), (questions) => {
        const read = readGift(writeGift(questions), words);
        expect(read).toEqual({
          questions: questions.map((q, i) => ({ position: i + 1, question: q })),
          skipped: [],
          unreadable: [],
        });
      }),
      { numRuns: runs },
    );
  });

  it('Moodle XML: import(export(questions)) = questions', () => {
    fc.assert(
      fc.property(fc.array(question, { minLength: 1, maxLength: 5 }), (questions) => {
        const read = readMoodleXml(writeMoodleXml(questions), words);
        expect(read).toEqual({
          questions: questions.map((q, i) => ({ position: i + 1, question: q })),
          skipped: [],
          unreadable: [],
        });
      }),
      { numRuns: runs },
    );
  });
});
