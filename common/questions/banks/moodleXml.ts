/**
 * Moodle XML (`<quiz><question type="…">…</question></quiz>`), read with fast-xml-parser and written
 * by hand. A document type declaration is refused before parsing: Moodle's files never carry one, and
 * without it no entity but XML's five and character references exists, so no external entity is
 * fetched and no entity expands (billion laughs).
 */
import { XMLParser } from 'fast-xml-parser';
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

type Node = Record<string, unknown>;

/** Moodle's question types that have no type of ours, by the name the tutor is told. */
const SKIPPED: Record<string, SkippedKind> = {
  matching: 'matching',
  numerical: 'numerical',
  essay: 'essay',
  cloze: 'cloze',
  multianswer: 'cloze',
  description: 'description',
};

/** True when the document declares a document type or entities outside CDATA and comments. */
export function declaresDtd(xml: string): boolean {
  const outside = xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '').replace(/<!--[\s\S]*?-->/g, '');
  return /<!(DOCTYPE|ENTITY|ELEMENT|ATTLIST|NOTATION)\b/i.test(outside);
}

const XML_NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML's five named references and character references; any other `&name;` stays as written. */
export function decodeXmlReferences(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|amp|lt|gt|quot|apos);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return XML_NAMED[ref] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  attributesGroupName: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Our decoder: it takes in no declared entity, so even a declaration that got past declaresDtd
  // would expand nothing.
  entityDecoder: {
    decode: decodeXmlReferences,
    addInputEntities: () => {},
    setExternalEntities: () => {},
    reset: () => {},
    setXmlVersion: () => {},
  },
  isArray: (name) => ['question', 'answer', 'hint', 'tag'].includes(name),
});

const asNode = (value: unknown): Node => (value && typeof value === 'object' ? (value as Node) : {});
const attribute = (node: Node, name: string): string | undefined => {
  const value = asNode(node['@'])[name];
  return typeof value === 'string' ? value : undefined;
};
/** The `<text>` of an element (`<questiontext format="…"><text>…</text></questiontext>`). */
const rawText = (value: unknown): string => {
  if (typeof value === 'string') return value;
  const text = asNode(value).text ?? asNode(value)['#text'];
  if (typeof text === 'string') return text;
  return typeof asNode(text)['#text'] === 'string' ? (asNode(text)['#text'] as string) : '';
};

/** An element's text as ours, in its `format` (else the question's). */
function textOf(value: unknown, inherited = 'moodle_auto_format'): string {
  const format = attribute(asNode(value), 'format') ?? inherited;
  const text = rawText(value);
  if (format === 'html') return htmlToText(text);
  if (format === 'moodle_auto_format') return htmlToText(text.replaceAll('\n', '<br>'));
  return text.trim();
}

function readQuestion(
  node: Node,
  category: string | null,
  words: BankWords,
): BankQuestion | { skip: SkippedKind; name?: string } {
  const type = attribute(node, 'type') ?? '';
  const skipped = SKIPPED[type];
  if (skipped) return { skip: skipped };
  if (!['multichoice', 'truefalse', 'shortanswer'].includes(type)) return { skip: 'other', name: type };
  const format = attribute(asNode(node.questiontext), 'format') ?? 'moodle_auto_format';
  const question = textOf(node.questiontext);
  const name = rawText(node.name).trim();
  const hints = (node.hint as unknown[] | undefined) ?? [];
  const hint =
    hints
      .map((h) => textOf(h, format))
      .filter(Boolean)
      .join('\n') || null;
  const tags = ((asNode(node.tags).tag as unknown[] | undefined) ?? []).map((t) => rawText(t));
  const base = {
    title: name || titleFromText(question),
    question,
    generalFeedback: textOf(node.generalfeedback, format),
    hint,
    topics: topicsOf([...(category ? [category] : []), ...tags]),
  };
  const answers: WeightedAnswer[] = ((node.answer as unknown[] | undefined) ?? []).map((a) => ({
    text: textOf(a, format),
    weight: Number(attribute(asNode(a), 'fraction') ?? 0),
    feedback: textOf(asNode(a).feedback, format),
  }));
  if (type === 'truefalse') {
    const right = answers.find((a) => a.weight >= 100);
    const byWord = (word: string) => answers.find((a) => a.text.toLowerCase() === word)?.feedback ?? '';
    return fromTrueFalse(
      base,
      right?.text.toLowerCase() === 'true',
      { true: byWord('true'), false: byWord('false') },
      words,
    );
  }
  if (type === 'shortanswer') return fromShortAnswers(base, answers, words);
  const single = !['false', '0'].includes(rawText(node.single).trim().toLowerCase());
  const read = fromChoices(base, answers, single);
  return read === 'severalRight' ? { skip: read } : read;
}

/** Reads a Moodle XML file: our questions, the skipped ones by position, or why not at all. */
export function readMoodleXml(xml: string, words: BankWords): BankRead | BankFileProblem {
  if (declaresDtd(xml)) return { problem: 'dtd' };
  let document: Node;
  try {
    document = asNode(parser.parse(xml, true));
  } catch (error) {
    return { problem: 'notXml', detail: (error as Error).message };
  }
  if (!('quiz' in document)) return { problem: 'notMoodleXml' };
  const nodes = ((asNode(document.quiz).question as unknown[] | undefined) ?? []).map(asNode);
  const count = nodes.filter((n) => attribute(n, 'type') !== 'category').length;
  if (count > bankLimits.questionsMax) return { problem: 'tooMany', max: bankLimits.questionsMax, count };
  if (count === 0) return { problem: 'empty' };
  const read: BankRead = { questions: [], skipped: [], unreadable: [] };
  let category: string | null = null;
  let position = 0;
  for (const node of nodes) {
    if (attribute(node, 'type') === 'category') {
      category = topicOfCategory(rawText(node.category));
      continue;
    }
    position++;
    const result = readQuestion(node, category, words);
    if ('skip' in result)
      read.skipped.push({ position, kind: result.skip, ...(result.name ? { name: result.name } : {}) });
    else read.questions.push({ position, question: result });
  }
  return read;
}

/** Text as XML character data; a carriage return as a reference, since parsers turn it into `\n`. */
function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll('\r', '&#13;');
}

const text = (value: string) => `<text>${escapeXml(value)}</text>`;
const plain = (element: string, value: string, indent: string) =>
  `${indent}<${element} format="plain_text">${text(value)}</${element}>`;

/** Writes questions as Moodle XML, every text `plain_text`: what our questions are. */
export function writeMoodleXml(questions: readonly BankQuestion[]): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<quiz>'];
  for (const q of questions) {
    const type = q.type === 's' ? 'shortanswer' : 'multichoice';
    out.push(`  <question type="${type}">`);
    out.push(`    <name>${text(q.title)}</name>`);
    out.push(plain('questiontext', q.question, '    '));
    out.push(plain('generalfeedback', q.explanation, '    '));
    out.push('    <defaultgrade>1</defaultgrade>');
    const right = rightOptions(q);
    if (q.type === 's') {
      out.push('    <usecase>0</usecase>');
      out.push(`    <answer fraction="100" format="plain_text">${text(q.answer)}</answer>`);
    } else {
      out.push(`    <single>${q.type === 'm'}</single>`);
      out.push('    <shuffleanswers>false</shuffleanswers>');
      const share = q.type === 'm' ? '100' : formatWeight(100 / Math.max(1, right.size));
      const wrong = q.type === 'm' ? '0' : '-100';
      for (const option of q.candidates)
        out.push(
          `    <answer fraction="${right.has(option) ? share : wrong}" format="plain_text">${text(option)}</answer>`,
        );
    }
    if (q.hint) out.push(plain('hint', q.hint, '    '));
    if (q.topics.length)
      out.push(`    <tags>${q.topics.map((t) => `<tag>${text(t)}</tag>`).join('')}</tags>`);
    out.push('  </question>');
  }
  out.push('</quiz>', '');
  return out.join('\n');
}
