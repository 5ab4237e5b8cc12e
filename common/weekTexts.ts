import type { WeekItem, WeekSummary } from './contracts/week.ts';
import { texts } from './texts.ts';

/** The texts of a child's week: /week/{name}. */
export const weekTexts = texts({
  title: (name: string) => `${name}'s week`,
  range: (from: string, to: string) => `${from} – ${to}`,
  /** The one line on top: "18 of 22 answered, 15 correct; 3 due tomorrow". */
  summary: (s: WeekSummary) =>
    `${s.answered} of ${s.assigned} answered, ${s.correct} correct; ${s.dueTomorrow} due tomorrow`,
  summaryMore: (s: WeekSummary) =>
    `${s.wrong} wrong, ${s.unmarked} waiting for a mark, ${s.todo} still to do. Drill: ${s.drillCorrect} right, ${s.drillWrong} wrong.`,
  previous: 'Previous week',
  next: 'Next week',
  thisWeek: 'This week',
  print: 'Print',
  weekSteps: 'Weeks',
  answered: 'Answered',
  toDo: 'Still to do',
  drill: 'Simple math drill',
  nothingAnswered: 'Nothing due this week was answered.',
  nothingToDo: 'Nothing left to do this week.',
  noDrill: 'No drill this week.',
  due: 'Due',
  answeredOn: 'Answered',
  theirAnswer: 'Answer',
  modelAnswer: 'Model answer',
  explanation: 'Explanation',
  status: {
    correct: 'Correct',
    wrong: 'Wrong',
    unmarked: 'Waiting for a mark',
    todo: 'To do',
  } satisfies Record<WeekItem['status'], string>,
  overdue: 'overdue',
  day: 'Day',
  right: 'Right',
  wrongCount: 'Wrong',
  loading: 'Loading…',
  weekOf: (name: string) => `${name}'s week`,
  weekLink: 'Week',
});
