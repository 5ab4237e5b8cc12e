import { readGift } from './gift.ts';
import { type BankFileProblem, type BankRead, type BankWords, bankLimits } from './model.ts';
import { readMoodleXml } from './moodleXml.ts';

/** The bank formats a file's name says: GIFT (`.gift`, `.txt`) or Moodle XML (`.xml`). */
export function bankFormatOf(fileName: string): 'gift' | 'xml' | null {
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase();
  if (extension === 'gift' || extension === 'txt') return 'gift';
  if (extension === 'xml') return 'xml';
  return null;
}

/** Reads a question bank file by its name's extension, within the bulk upload's limits. */
export function readBankFile(fileName: string, text: string, words: BankWords): BankRead | BankFileProblem {
  const format = bankFormatOf(fileName);
  if (!format) return { problem: 'unknownFormat' };
  if (new TextEncoder().encode(text).length > bankLimits.fileMaxBytes)
    return { problem: 'tooLarge', maxBytes: bankLimits.fileMaxBytes };
  return format === 'gift' ? readGift(text, words) : readMoodleXml(text, words);
}
