import { describe, expect, it } from 'vitest';
import { giftConstructs } from './fixtures.ts';
import { readGift, writeGift } from './gift.ts';
import type { BankQuestion, BankRead, BankWords } from './model.ts';

const words: BankWords = {
  true: 'True',
  false: 'False',
  alsoAccepted: (answers) => `Also accepted: ${answers.join(', ')}`,
};
const fixture = giftConstructs;

function read(text: string): BankRead {
  const result = readGift(text, words);
  if ('problem' in result) throw new Error(`refused: ${result.problem}`);
  return result;
}
const byTitle = (title: string) => read(fixture).questions.find((q) => q.question.title === title)?.question;

describe('readGift, construct by construct', () => {
  it('separates questions at blank lines, skips comments and counts positions from 1', () => {
    const { questions, skipped, unreadable } = read(fixture);
    expect(questions.map((q) => [q.position, q.question.title])).toEqual([
      [1, 'Capital of France'],
      [2, 'Escapes'],
      [3, 'Weights'],
      [4, 'Missing word'],
      [5, 'True or false'],
      [6, 'Short answer'],
      [7, 'HTML'],
      [8, 'Markdown'],
      [9, 'Plain'],
      [10, 'Moodle format'],
    ]);
    expect(skipped).toEqual([
      { position: 11, kind: 'matching' },
      { position: 12, kind: 'numerical' },
      { position: 13, kind: 'essay' },
      { position: 14, kind: 'description' },
      { position: 15, kind: 'severalRight' },
    ]);
    expect(unreadable).toEqual([{ position: 16, reason: 'braces' }]);
  });

  it('reads a multiple choice: =right, ~wrong, #feedback after an answer, ####general feedback', () => {
    expect(byTitle('Capital of France')).toEqual({
      title: 'Capital of France',
      question: 'Which city is the capital of France?',
      type: 'm',
      candidates: ['Paris', 'Lyon', 'Marseille'],
      answer: 'Paris',
      explanation:
        'Paris is the capital and the largest city.\nParis: Right: it has been since 987.\nLyon: No, that is the third largest city.',
      hint: null,
      // `$CATEGORY:` gives the category's own name; `// [tag:…]` a topic more.
      topics: ['geography', 'capitals'],
    } satisfies BankQuestion);
  });

  it('reads escapes and \\n as the characters they stand for', () => {
    const q = byTitle('Escapes')!;
    expect(q.question).toBe(
      'In GIFT ~ = # { } : are written with a backslash, a new line as \\n:\nlike this.',
    );
    expect(q.explanation).toBe('A backslash before \\ is a backslash.');
  });

  it('makes weighted answers without = a multiple-answer question: positive weights are right', () => {
    const q = byTitle('Weights')!;
    expect(q).toMatchObject({
      type: 'M',
      candidates: ['Triangle', 'Square', 'Circle'],
      answer: '["Triangle","Square"]',
      hint: 'Count the sides.',
    });
    expect(q.explanation).toBe(
      'Polygons have straight sides.\nTriangle: Three sides.\nCircle: A circle has no sides.',
    );
  });

  it('leaves a blank where the answers of a missing-word question stood', () => {
    expect(byTitle('Missing word')).toMatchObject({
      question: 'The sun rises in the _____ every morning.',
      type: 'm',
      answer: 'east',
    });
  });

  it('makes true/false a multiple choice of the two words, with #wrong#right feedback', () => {
    expect(byTitle('True or false')).toMatchObject({
      question: 'The Earth is flat.',
      type: 'm',
      candidates: ['True', 'False'],
      answer: 'False',
      explanation: 'Seen from space.\nTrue: Wrong: it is not flat.\nFalse: Right: it is round.',
    });
    const korean = readGift('Is it?{TRUE}', { ...words, true: '참', false: '거짓' });
    expect('questions' in korean && korean.questions[0]!.question).toMatchObject({
      candidates: ['참', '거짓'],
      answer: '참',
    });
  });

  it('takes the best short answer as the model answer and names the other right ones', () => {
    expect(byTitle('Short answer')).toMatchObject({
      type: 's',
      candidates: [],
      answer: 'red',
      explanation:
        'Red, green and blue light.\nyellow: Yellow is a subtractive primary.\nAlso accepted: blue, yellow',
      topics: ['geography'],
    });
    expect(read('Who?{Grant}').questions[0]!.question).toMatchObject({ type: 's', answer: 'Grant' });
  });

  it('reads [html] as text (scripts and tags dropped), [markdown] and [plain] as written', () => {
    const html = byTitle('HTML')!;
    expect(html).toMatchObject({
      question: 'Which tag makes bold text?',
      candidates: ['<b>', '<i>'],
      answer: '<b>',
      explanation: 'The b element.',
      topics: ['formats'],
    });
    expect(byTitle('Markdown')).toMatchObject({
      question: 'Which word is **strong**?',
      explanation: 'Two *asterisks* on each side.',
    });
    expect(byTitle('Plain')).toMatchObject({
      question: 'Is <script>alert(1)</script> run?',
      explanation: 'Plain text shows <tags> as they are.',
    });
  });

  it('reads an explicit [moodle] as the default: HTML whose line breaks stay', () => {
    expect(read('[moodle]A <b>bold</b> word\non two lines?{=yes ~no}').questions[0]!.question.question).toBe(
      'A bold word\non two lines?',
    );
  });

  it("keeps the lines of a multi-line question in Moodle's default format", () => {
    expect(byTitle('Moodle format')!.question).toBe('The default format\nkeeps its lines\nas lines.');
  });

  it('names a question after its first line when it has no ::title::', () => {
    expect(read('What is 2 + 2?\nThink.{=4 ~5}').questions[0]!.question.title).toBe('What is 2 + 2?');
  });

  it('refuses a file with no question or more than the bulk upload takes', () => {
    expect(readGift('// only a comment\n\n$CATEGORY: x\n', words)).toEqual({ problem: 'empty' });
    const many = Array.from({ length: 1001 }, (_, i) => `Q${i}{=a ~b}`).join('\n\n');
    expect(readGift(many, words)).toEqual({ problem: 'tooMany', max: 1000, count: 1001 });
    expect('questions' in readGift(many.split('\n\n').slice(0, 1000).join('\n\n'), words)).toBe(true);
  });
});

describe('writeGift', () => {
  it('writes plain text with GIFT escapes, topics and hint in comments, weights for M', () => {
    const text = writeGift([
      {
        title: 'Set: {a}',
        question: 'Pick #1 =\nor ~2',
        type: 'M',
        candidates: ['a', 'b', 'c'],
        answer: '["a","c"]',
        explanation: 'Because.',
        hint: 'h',
        topics: ['java'],
      },
    ]);
    expect(text).toContain(
      '// [tag:java]\n// [hint:h]\n::Set\\: \\{a\\}::[plain]Pick \\#1 \\=\\nor \\~2{\n\t~%50%a\n\t~%-100%b\n\t~%50%c\n\t####Because.\n}',
    );
  });
});
