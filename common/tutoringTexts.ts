/**
 * The student's pages: tutoring, submissions and review, with their shared parts (the question card,
 * the side panel, a submission's check result, the date filter). The product's fixed words ('Are you
 * sure to submit?', 'You should solve all questions', 'Your Answers', …) are kept exactly.
 */

import { plural, texts } from './texts.ts';

export const tutoringTexts = texts({
  // The tutoring page.
  heading: (name: string) => `Questions for ${name}`,
  questionLabel: (number: number) => `Question ${number}`,

  // The side panel.
  answerTitle: 'Your Answers',
  checkTitle: 'Check Your Answers',
  jumpTo: 'Jump to Question',
  legend: 'Legend',
  answered: 'Answered',
  unanswered: 'Unanswered',
  correct: 'Correct',
  wrong: 'Wrong',
  progress: (answered: number, total: number) =>
    `${answered}/${total} ${plural(total, { one: 'Question', other: 'Questions' })} Answered`,
  submitAll: 'Submit All',
  panelNothing: 'Nothing to show yet.',

  // One question card.
  topics: 'Topics',
  hintLabel: 'Hint',
  dueAt: 'Due at',
  optionsOf: (number: number) => `Options of question ${number}`,
  answerTo: (number: number) => `Your answer to question ${number}`,
  characters: (length: number, max: number) =>
    `${length.toLocaleString('en-US')} / ${max.toLocaleString('en-US')} ${plural(max, { one: 'character', other: 'characters' })}`,
  atMost: ' (the most an answer can hold)',
  chooseEvery: (number: number) => `Choose every right answer to question ${number}`,
  chooseOne: (number: number) => `Choose one answer to question ${number}`,
  daysLeft: (count: number) => `${count} ${plural(count, { one: 'day', other: 'days' })} left`,
  hoursLeft: (count: number) => `${count} ${plural(count, { one: 'hour', other: 'hours' })} left`,
  minutesLeft: (count: number) => `${count} ${plural(count, { one: 'min', other: 'mins' })} left`,
  overdue: 'overdue',
});
