import type { QuestionOnly } from '../../../../common/contracts/tutoring.ts';
import { writeGift } from '../../../../common/questions/banks/gift.ts';
import type { BankQuestion } from '../../../../common/questions/banks/model.ts';
import { writeMoodleXml } from '../../../../common/questions/banks/moodleXml.ts';

export type BankFormat = 'json' | 'gift' | 'xml';

/** A stored question as a file carries it: what it is, not whom it is assigned to. */
export function toBankQuestion(q: QuestionOnly): BankQuestion {
  return {
    title: q.title,
    question: q.question,
    type: q.type,
    candidates: q.candidates.map((c) => c.value),
    answer: q.answer,
    explanation: q.explanation,
    hint: q.hint,
    topics: q.topics,
  };
}

/** The file of questions in a format: JSON as the bulk upload reads it, GIFT, Moodle XML. */
export function bankFile(questions: readonly QuestionOnly[], format: BankFormat) {
  const bank = questions.map(toBankQuestion);
  if (format === 'gift')
    return { name: 'tutorfolio-questions.gift', type: 'text/plain', text: writeGift(bank) };
  if (format === 'xml')
    return { name: 'tutorfolio-questions.xml', type: 'application/xml', text: writeMoodleXml(bank) };
  return {
    name: 'tutorfolio-questions.json',
    type: 'application/json',
    text: `${JSON.stringify(bank, null, 2)}\n`,
  };
}

/** Saves a file made in the tab: a link to its bytes, clicked once, then let go. */
export function downloadBankFile(questions: readonly QuestionOnly[], format: BankFormat): void {
  const file = bankFile(questions, format);
  const url = URL.createObjectURL(new Blob([file.text], { type: `${file.type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the bytes to the download by the next task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
