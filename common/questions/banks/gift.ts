/**
 * GIFT, Moodle's text format for questions, read and written by our own small grammar (no maintained
 * package reads it per question, with every construct its documentation lists):
 *
 * - questions are separated by blank lines; a line starting with `//` is a comment;
 * - `::title::`, then the text, then the answers in `{…}` (text after them: the "missing word" form);
 * - `\~ \= \# \{ \} \: \\` are those characters, `\n` a new line;
 * - `[html]`, `[moodle]`, `[plain]`, `[markdown]` before a text give its format (default `moodle`;
 *   answers and feedback default to the question's);
 * - answers: `=right`, `~wrong`, `~%50%weighted`, `#feedback` after one, `####general feedback`;
 *   `{T}`/`{FALSE}` true/false (`#wrong#right` feedback), `{=a =b}` short answer, `{#…}` numerical,
 *   `{=a -> b …}` matching, `{}` essay, no braces a description;
 * - `$CATEGORY: path` sets the category of the questions after it.
 *
 * Ours beyond the documentation, in comments other readers skip: `// [tag:name]` a topic (as Moodle
 * writes tags), `// [hint:text]` the hint, which GIFT has no place for.
 */
import {
  type BankFileProblem,
  type BankQuestion,
  type BankRead,
  type BankWords,
  bankLimits,
  formatWeight,
  fromChoices,
  fromShortAnswers,
  fromTrueFalse,
  htmlToText,
  rightOptions,
  type SkippedKind,
  titleFromText,
  topicOfCategory,
  topicsOf,
  type WeightedAnswer,
} from './model.ts';

/** Escaped characters stand in as these while the structure is read (plane 15, private use). */
const ESCAPABLE = ['\\', '~', '=', '#', '{', '}', ':', 'n'] as const;
const PLACEHOLDER = ESCAPABLE.map((_, i) => String.fromCodePoint(0xf0000 + i));
const UNESCAPED = ESCAPABLE.map((c) => (c === 'n' ? '\n' : c));

function hideEscapes(text: string): string {
  return text.replace(/\\([\\~=#{}:n])/g, (_, c: string) => PLACEHOLDER[ESCAPABLE.indexOf(c as 'n')]!);
}

function restoreEscapes(text: string): string {
  let out = text;
  PLACEHOLDER.forEach((p, i) => {
    out = out.replaceAll(p, UNESCAPED[i]!);
  });
  return out;
}

type Format = 'moodle' | 'html' | 'plain' | 'markdown';
const FORMAT = /^\[(moodle|html|plain|markdown)\]/;

/** One text of a question (escapes hidden) as our plain text, in its own or the inherited format. */
function readText(raw: string, inherited: Format): { text: string; format: Format } {
  const trimmed = raw.trim();
  const tag = FORMAT.exec(trimmed);
  const format = (tag?.[1] as Format | undefined) ?? inherited;
  const body = restoreEscapes(tag ? trimmed.slice(tag[0].length) : trimmed);
  if (format === 'html') return { text: htmlToText(body), format };
  // Moodle's own format is HTML in which a line break is a line break.
  if (format === 'moodle') return { text: htmlToText(body.replaceAll('\n', '<br>')), format };
  return { text: body.trim(), format };
}

const WEIGHT = /^%(-?\d+(?:\.\d+)?)%/;

/** `text#feedback` (escapes hidden), with an optional leading weight. */
function readAnswer(raw: string, format: Format, defaultWeight: number): WeightedAnswer {
  let rest = raw.trim();
  let weight = defaultWeight;
  const w = WEIGHT.exec(rest);
  if (w) {
    weight = Number(w[1]);
    rest = rest.slice(w[0].length);
  }
  const hash = rest.indexOf('#');
  const text = readText(hash < 0 ? rest : rest.slice(0, hash), format).text;
  const feedback = hash < 0 ? '' : readText(rest.slice(hash + 1), format).text;
  return { text, weight, feedback };
}

/** Splits answers at each unescaped marker, keeping the marker with its answer. */
function splitAnswers(text: string, markers: RegExp): string[] {
  const parts: string[] = [];
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    if (markers.test(text[i]!)) {
      if (start >= 0) parts.push(text.slice(start, i));
      start = i;
    }
  }
  if (start >= 0) parts.push(text.slice(start));
  return parts;
}

/** `[tag:…]` and `[hint:…]` of our comments; `\]`, `\\` and `\n` inside. */
const OURS = /\[(tag|hint):((?:[^\]\\]|\\.)*)\]/g;
const unescapeOurs = (value: string) => value.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
const escapeOurs = (value: string) =>
  value.replaceAll('\\', '\\\\').replaceAll(']', '\\]').replaceAll('\n', '\\n');

type Block = { lines: string[]; comments: string[] };

function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  let current: Block = { lines: [], comments: [] };
  const close = () => {
    if (current.lines.length || current.comments.length) blocks.push(current);
    current = { lines: [], comments: [] };
  };
  for (const line of text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    const trimmed = line.trim();
    if (trimmed === '') close();
    else if (trimmed.startsWith('//')) current.comments.push(trimmed.slice(2));
    else current.lines.push(line);
  }
  close();
  return blocks;
}

type Base = {
  title: string;
  question: string;
  generalFeedback: string;
  hint: string | null;
  topics: string[];
};

/** What one block is: a question of ours, a kind we skip, or unreadable. */
function readQuestion(
  text: string,
  base: Omit<Base, 'title' | 'question' | 'generalFeedback'>,
  words: BankWords,
): BankQuestion | { skip: SkippedKind } | { unreadable: 'braces' } {
  let rest = text;
  let title: string | null = null;
  if (rest.startsWith('::')) {
    const end = rest.indexOf('::', 2);
    if (end >= 0) {
      title = restoreEscapes(rest.slice(2, end)).trim();
      rest = rest.slice(end + 2).trim();
    }
  }
  const open = rest.indexOf('{');
  const close = rest.indexOf('}');
  if (open < 0 && close < 0) return { skip: 'description' };
  if (open < 0 || close < open) return { unreadable: 'braces' };
  let answerText = rest.slice(open + 1, close).trim();
  // Answers before the end leave a blank in the text: the "missing word" form.
  const questionRaw = rest.endsWith('}')
    ? rest.slice(0, open) + rest.slice(close + 1)
    : `${rest.slice(0, open)}_____${rest.slice(close + 1)}`;
  const question = readText(questionRaw, 'moodle');
  let generalRaw = '';
  const general = answerText.lastIndexOf('####');
  if (general >= 0) {
    generalRaw = answerText.slice(general + 4);
    answerText = answerText.slice(0, general).trim();
  }
  const b: Base = {
    ...base,
    title: title ?? titleFromText(question.text),
    question: question.text,
    generalFeedback: readText(generalRaw, question.format).text,
  };
  const format = question.format;

  if (answerText === '') return { skip: 'essay' };
  if (answerText.startsWith('#')) return { skip: 'numerical' };
  if (answerText.includes('~')) {
    const answers = splitAnswers(answerText, /[~=]/).map((part) =>
      part[0] === '='
        ? readAnswer(`%100%${part.slice(1)}`, format, 100)
        : readAnswer(part.slice(1), format, 0),
    );
    const read = fromChoices(b, answers, answerText.includes('='));
    return read === 'severalRight' ? { skip: read } : read;
  }
  // `=a =b`; a first answer may be written without its `=`.
  const equals = answerText
    .split('=')
    .map((a) => a.trim())
    .filter((a, i) => i > 0 || a !== '');
  if (answerText.includes('=') && equals.every((a) => a.includes('->') && !WEIGHT.test(a)))
    return { skip: 'matching' };
  const verdict = answerText.split('#');
  const word = verdict[0]!.trim();
  if (['T', 'TRUE', 'F', 'FALSE'].includes(word)) {
    const right = word.startsWith('T');
    const wrongFeedback = readText(verdict[1] ?? '', format).text;
    const rightFeedback = readText(verdict[2] ?? '', format).text;
    return fromTrueFalse(
      b,
      right,
      right ? { true: rightFeedback, false: wrongFeedback } : { true: wrongFeedback, false: rightFeedback },
      words,
    );
  }
  return fromShortAnswers(
    b,
    equals.map((a) => readAnswer(a, format, 100)),
    words,
  );
}

/** Reads a GIFT file: our questions, the skipped and the unreadable ones by position, or why not at all. */
export function readGift(text: string, words: BankWords): BankRead | BankFileProblem {
  const read: BankRead = { questions: [], skipped: [], unreadable: [] };
  let category: string | null = null;
  let position = 0;
  for (const block of blocksOf(text)) {
    const body = hideEscapes(block.lines.join('\n').trim());
    if (body === '') continue;
    if (body.startsWith('$CATEGORY:')) {
      category = topicOfCategory(restoreEscapes(body.slice('$CATEGORY:'.length).split('\n')[0]!));
      continue;
    }
    position++;
    if (position > bankLimits.questionsMax) continue;
    const tags: string[] = [];
    let hint: string | null = null;
    for (const comment of block.comments) {
      for (const [, key, value] of comment.matchAll(OURS)) {
        if (key === 'tag') tags.push(unescapeOurs(value!));
        else hint = unescapeOurs(value!);
      }
    }
    const topics = topicsOf([...(category ? [category] : []), ...tags]);
    const result = readQuestion(body, { hint, topics }, words);
    if ('skip' in result) read.skipped.push({ position, kind: result.skip });
    else if ('unreadable' in result) read.unreadable.push({ position, reason: result.unreadable });
    else read.questions.push({ position, question: result });
  }
  if (position > bankLimits.questionsMax)
    return { problem: 'tooMany', max: bankLimits.questionsMax, count: position };
  if (position === 0) return { problem: 'empty' };
  return read;
}

/** A text as GIFT writes it: special characters escaped, new lines as `\n`. */
function escapeGift(text: string): string {
  return text.replace(/[\\~=#{}:\n]/g, (c) => (c === '\n' ? '\\n' : `\\${c}`));
}

/** An answer's or feedback's text; one starting with `[` says its format, so it is not read as one. */
const part = (text: string) => (text.startsWith('[') ? '[plain]' : '') + escapeGift(text);
/** A text the reader would take a weight from gets an explicit one. */
const weighted = (text: string, weight: string) => (WEIGHT.test(text) ? `%${weight}%` : '');

/** Writes questions as GIFT, every text `[plain]`: what our questions are. */
export function writeGift(questions: readonly BankQuestion[]): string {
  const blocks = questions.map((q) => {
    const lines: string[] = [];
    for (const topic of q.topics) lines.push(`// [tag:${escapeOurs(topic)}]`);
    if (q.hint) lines.push(`// [hint:${escapeOurs(q.hint)}]`);
    lines.push(`::${escapeGift(q.title)}::[plain]${escapeGift(q.question)}{`);
    const right = rightOptions(q);
    if (q.type === 'm') {
      for (const option of q.candidates)
        lines.push(right.has(option) ? `\t=${part(option)}` : `\t~${weighted(option, '0')}${part(option)}`);
    } else if (q.type === 'M') {
      const share = formatWeight(100 / Math.max(1, right.size));
      for (const option of q.candidates)
        lines.push(`\t~%${right.has(option) ? share : '-100'}%${part(option)}`);
    } else {
      lines.push(`\t=%100%${part(q.answer)}`);
    }
    if (q.explanation) lines.push(`\t####${part(q.explanation)}`);
    lines.push('}');
    return lines.join('\n');
  });
  return `// Questions from Tutorfolio\n\n${blocks.join('\n\n')}\n`;
}
