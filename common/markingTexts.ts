import type { SuggestionReason } from './contracts/tutoring.ts';
import { plural, texts } from './texts.ts';

/**
 * The words of the marking inbox's suggested marks: what is suggested and why. The
 * reasons follow the server's codes (`suggestion.reason` of `GET marking`, server/marking/suggest.ts).
 */
export const markingTexts = texts({
  markName: { 1: 'Correct', [-1]: 'Wrong' } as Record<1 | -1, string>,
  suggested: 'Suggested:',
  reasons: {
    exact: () => 'Matches the model answer exactly.',
    normalised: () => 'Matches the model answer apart from case, spacing and punctuation.',
    code: () => 'Matches the model code apart from spacing.',
    earlier: (mark: string, count: number) =>
      plural(count, {
        one: `The same answer was marked ${mark} before.`,
        other: `The same answer was marked ${mark} ${count} times before.`,
      }),
  } satisfies Record<SuggestionReason, (mark: string, count: number) => string>,
  accept: 'Accept',
  acceptName: (mark: string, student: string) => `Accept the suggested mark ${mark} for ${student}`,
  acceptKey: 'accepts the suggestion',
});

/** The marking inbox's own words (docs/product.md, "Marking"): headings, filters, keys, marks and counts. */
export const markingInboxTexts = texts({
  title: (student: string | null) => (student ? `Marking: ${student}` : 'Marking'),
  nav: 'Marking',
  everyStudentsAnswers: "← Every student's answers",
  submissionsOf: (student: string) => `${student}'s submissions`,
  teacherPage: 'Teacher page',
  student: 'Student',
  everyStudent: 'Every student',
  dueDay: 'Due day',
  anyDay: 'Any day',
  toMark: (count: number) => `${count} ${plural(count, { one: 'answer', other: 'answers' })} to mark`,
  /** The keys' hint: each key (in <kbd>) followed by what it does. */
  keysIntro: 'Keys on an answer:',
  keyCorrect: 'correct',
  keyWrong: 'wrong',
  keyUnmarked: 'unmarked (each moves on)',
  keyMove: 'move',
  noSuchStudent: (name: string) => `There is no student named ${name}.`,
  seeEveryStudent: "See every student's answers",
  nothingToMark: (student: string | null, date: string | null) =>
    `Nothing to mark${student ? ` for ${student}` : ''}${date ? ` due on ${date}` : ''}.`,
  modelAnswer: 'Model answer',
  explanation: 'Explanation',
  answersTo: (title: string) => `Answers to ${title}`,
  answerOf: (student: string, title: string) => `${student}'s answer to ${title}`,
  redo: ' (redo)',
  markFor: (student: string) => `Mark for ${student}`,
  /** The mark buttons. */
  correct: 'Correct',
  wrong: 'Wrong',
  unmarked: 'Unmarked',
  marksToSubmit: (count: number) => `${count} ${plural(count, { one: 'mark', other: 'marks' })} to submit`,
  submit: 'Submit',
  confirmSubmit: 'Are you sure to submit?',
  marked: (count: number) => `Marked ${count} ${plural(count, { one: 'answer', other: 'answers' })}.`,
});
