import { describe, expect, it } from 'vitest';
import { serverLimits } from '../../limits.ts';
import { moodleXmlQuiz } from './fixtures.ts';
import { type BankRead, type BankWords, bankLimits } from './model.ts';
import { readMoodleXml, writeMoodleXml } from './moodleXml.ts';
import { readBankFile } from './read.ts';

const words: BankWords = {
  true: 'True',
  false: 'False',
  alsoAccepted: (answers) => `Also accepted: ${answers.join(', ')}`,
};
const fixture = moodleXmlQuiz;

function read(xml: string): BankRead {
  const result = readMoodleXml(xml, words);
  if ('problem' in result) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
}
const byTitle = (title: string) => read(fixture).questions.find((q) => q.question.title === title)?.question;

describe('readMoodleXml', () => {
  it('reads our three types, lists the others by name and position, categories not counted', () => {
    const { questions, skipped } = read(fixture);
    expect(questions.map((q) => [q.position, q.question.title, q.question.type])).toEqual([
      [1, 'Capital of France', 'm'],
      [2, 'Polygons', 'M'],
      [3, 'Flat Earth', 'm'],
      [4, 'Primary colour', 's'],
      [11, 'Scripted', 'm'],
    ]);
    expect(skipped).toEqual([
      { position: 5, kind: 'matching' },
      { position: 6, kind: 'numerical' },
      { position: 7, kind: 'essay' },
      { position: 8, kind: 'cloze' },
      { position: 9, kind: 'description' },
      { position: 10, kind: 'other', name: 'ddwtos' },
    ]);
  });

  it('reads a single-answer multichoice with feedback, hint, tags and its category as topics', () => {
    expect(byTitle('Capital of France')).toEqual({
      title: 'Capital of France',
      question: 'Which city is the capital of France?',
      type: 'm',
      candidates: ['Paris', 'Lyon', 'Marseille'],
      answer: 'Paris',
      explanation: 'Paris is the capital & the largest city.\nParis: Right.',
      hint: 'Think of the Eiffel Tower.',
      topics: ['geography', 'capitals', 'europe'],
    });
  });

  it('makes single=false a multiple-answer question, plain_text kept as written', () => {
    expect(byTitle('Polygons')).toMatchObject({
      question: 'Which of these are polygons? (a < b)',
      type: 'M',
      answer: '["Triangle","Square"]',
      explanation: 'Straight sides.',
      hint: null,
    });
  });

  it('makes true/false a multiple choice of the two words, each feedback with its word', () => {
    expect(byTitle('Flat Earth')).toMatchObject({
      candidates: ['True', 'False'],
      answer: 'False',
      explanation: 'Seen from space.\nTrue: It is not.\nFalse: Indeed.',
    });
  });

  it('takes the first full-mark short answer; the next category gives the topic', () => {
    expect(byTitle('Primary colour')).toMatchObject({
      question: 'Name a **primary** colour.',
      type: 's',
      answer: 'red',
      explanation: 'Red, green and blue light.\nAlso accepted: blue',
      topics: ['colours'],
    });
  });

  it('drops scripts from html text, keeps plain text as text, decodes character references', () => {
    const q = byTitle('Scripted')!;
    expect(q.question).toBe('Which?');
    expect(q.explanation).toBe('<script>window.hacked = 1</script>');
    expect(q.candidates).toEqual(['<img src=x onerror=alert(1)>', '斯😀']);
  });
});

describe('XML external entities and entity expansion', () => {
  /** How /etc/passwd starts on every Linux: what an expanded external entity would bring in. */
  const passwd = 'root:';

  it('refuses a document type declaration with an external entity: nothing is read', () => {
    const xxe = `<?xml version="1.0"?>
<!DOCTYPE quiz [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
<quiz><question type="shortanswer"><name><text>&xxe;</text></name>
<questiontext><text>&xxe;</text></questiontext><answer fraction="100"><text>&xxe;</text></answer></question></quiz>`;
    const result = readMoodleXml(xxe, words);
    expect(result).toEqual({ problem: 'dtd' });
    expect(JSON.stringify(result)).not.toContain(passwd);
  });

  it('refuses billion laughs at once, however the declaration is written or hidden', () => {
    const laughs = [
      '<!ENTITY lol "lol">',
      ...Array.from(
        { length: 9 },
        (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`,
      ),
    ].join('\n');
    for (const doctype of [`<!DOCTYPE quiz [${laughs}]>`, `<!-- x -->\n<!doctype quiz [${laughs}]>`]) {
      const started = performance.now();
      const result = readMoodleXml(
        `<?xml version="1.0"?>\n${doctype}\n<quiz><question type="shortanswer"><questiontext><text>&lol9;</text></questiontext></question></quiz>`,
        words,
      );
      expect(result).toEqual({ problem: 'dtd' });
      expect(performance.now() - started).toBeLessThan(100);
    }
    // A declaration inside the document is refused as well, not only in the prolog.
    expect(readMoodleXml(`<quiz><!ENTITY a "b"><question/></quiz>`, words)).toEqual({ problem: 'dtd' });
  });

  it('reads an undeclared entity as no entity, and a DOCTYPE quoted in CDATA as text', () => {
    const quoted = read(`<quiz><question type="shortanswer"><name><text>Doc</text></name>
<questiontext format="plain_text"><text><![CDATA[What does <!DOCTYPE html> say?]]></text></questiontext>
<answer fraction="100"><text>HTML5</text></answer></question></quiz>`);
    expect(quoted.questions[0]!.question.question).toBe('What does <!DOCTYPE html> say?');
    const undeclared = readMoodleXml(
      `<quiz><question type="shortanswer"><questiontext><text>&xxe;</text></questiontext></question></quiz>`,
      words,
    );
    expect(JSON.stringify(undeclared)).not.toContain(passwd);
  });

  it('refuses what is not XML or not a Moodle quiz', () => {
    expect(readMoodleXml('<quiz><question>', words)).toMatchObject({ problem: 'notXml' });
    expect(readMoodleXml('<html><body/></html>', words)).toEqual({ problem: 'notMoodleXml' });
    expect(readMoodleXml('<quiz></quiz>', words)).toEqual({ problem: 'empty' });
  });
});

describe('the bulk upload limits', () => {
  it('holds a file to the JSON body cap and to 1,000 questions', () => {
    expect(bankLimits.fileMaxBytes).toBe(serverLimits.jsonBodyLimitBytes);
    const big = `<quiz>${' '.repeat(bankLimits.fileMaxBytes)}</quiz>`;
    expect(readBankFile('bank.xml', big, words)).toEqual({ problem: 'tooLarge', maxBytes: 1024 * 1024 });
    const question = '<question type="shortanswer"><questiontext><text>Q</text></questiontext></question>';
    expect(readBankFile('bank.xml', `<quiz>${question.repeat(1001)}</quiz>`, words)).toEqual({
      problem: 'tooMany',
      max: 1000,
      count: 1001,
    });
    expect(readBankFile('bank.pdf', '', words)).toEqual({ problem: 'unknownFormat' });
    expect('questions' in readBankFile('BANK.TXT', 'Q{=a ~b}', words)).toBe(true);
  });
});

describe('writeMoodleXml', () => {
  it('escapes markup and writes plain_text, weights for M and tags for topics', () => {
    const xml = writeMoodleXml([
      {
        title: 'a < b & "c"',
        question: 'x\r\ny',
        type: 'M',
        candidates: ['<i>', 'b', 'c'],
        answer: '["<i>","c"]',
        explanation: 'e',
        hint: null,
        topics: ['t'],
      },
    ]);
    expect(xml).toContain('<name><text>a &lt; b &amp; &quot;c&quot;</text></name>');
    expect(xml).toContain('<questiontext format="plain_text"><text>x&#13;\ny</text></questiontext>');
    expect(xml).toContain('<answer fraction="50" format="plain_text"><text>&lt;i&gt;</text></answer>');
    expect(xml).toContain('<answer fraction="-100" format="plain_text"><text>b</text></answer>');
    expect(xml).toContain('<tags><tag><text>t</text></tag></tags>');
    expect(read(xml).questions[0]!.question.question).toBe('x\r\ny');
  });
});
