import type { bankTexts, bulkRuleTexts } from '../../../../common/authoringTexts.ts';
import type { Translation } from '../../../../common/i18n/translation.ts';
import { type BankFileProblem, bankLimits } from '../../../../common/questions/banks/model.ts';
import { readBankFile } from '../../../../common/questions/banks/read.ts';
import { parseBulkJson } from './bulk.ts';

type Texts = Translation<typeof bankTexts>;

/** What a file gave: bulk upload items, and the questions it did not import. */
export type FileImport = { items: Record<string, unknown>[]; notImported: string[] } | { error: string };

/**
 * Reads a question file in this tab (a chunk of its own, loaded when a file is chosen) into items of
 * the bulk upload; what the file does not say (students, dates) is filled in: no students, the given
 * dates. The preview then checks them as it checks typed JSON, and nothing is saved before Submit.
 */
export async function importBankFile(
  file: File,
  texts: { bankTexts: Texts; bulkRuleTexts: Translation<typeof bulkRuleTexts> },
  dates: { generatedDate: string; targetDate: string },
): Promise<FileImport> {
  const t = texts.bankTexts;
  // Checked before reading, so an enormous file is never read into memory.
  if (file.size > bankLimits.fileMaxBytes)
    return { error: problemText(t, { problem: 'tooLarge', maxBytes: bankLimits.fileMaxBytes }) };
  const fill = (item: Record<string, unknown>) => ({ students: [], ...dates, ...item });
  if (/\.json$/i.test(file.name)) {
    const json = parseBulkJson(await file.text(), texts.bulkRuleTexts);
    return 'error' in json ? json : { items: json.items.map(fill), notImported: [] };
  }
  const read = readBankFile(file.name, await file.text(), {
    true: t.trueWord,
    false: t.falseWord,
    alsoAccepted: t.alsoAccepted,
  });
  if ('problem' in read) return { error: problemText(t, read) };
  const notImported = [
    ...read.skipped.map((s) => ({
      position: s.position,
      text: t.skipped(s.position, s.kind === 'other' ? t.otherKind(s.name ?? '') : t.kinds[s.kind]),
    })),
    ...read.unreadable.map((u) => ({ position: u.position, text: t.unreadable(u.position, t.braces) })),
  ].sort((a, b) => a.position - b.position);
  return {
    items: read.questions.map(({ question }) => fill(question)),
    notImported: notImported.map((n) => n.text),
  };
}

function problemText(texts: Texts, problem: BankFileProblem): string {
  switch (problem.problem) {
    case 'tooLarge':
      return texts.tooLarge(problem.maxBytes);
    case 'tooMany':
      return texts.tooMany(problem.max, problem.count);
    case 'dtd':
      return texts.dtd;
    case 'notXml':
      return texts.notXml(problem.detail);
    case 'notMoodleXml':
      return texts.notMoodleXml;
    case 'empty':
      return texts.empty;
    case 'unknownFormat':
      return texts.unknownFormat;
  }
}
