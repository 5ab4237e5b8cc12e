import { texts } from './texts.ts';

/**
 * The words of the timed addition drill ("Simple Math Question"): its pages and the
 * server's refusals. Apart from messages.ts, which every page loads: these travel only with the
 * drill's pages (and the dashboard section that links to them).
 */
export const mathTexts = texts({
  title: 'Simple Math Question',
  // the server's refusals
  dailyCapReached: 'All 100 questions of today are answered. Try again tomorrow.',
  alreadyAnswered: 'This question has already been answered.',
  noSuchQuestion: 'There is no such question for this student.',
  notIssuedQuestion: 'must be the question the server issued',
  noDays: 'No answers yet.',
  // the entry page (/math)
  today: 'Today',
  todayCount: (count: number) => `${count} of 100 questions answered today.`,
  intro: 'Answer as many additions as you can before the bar runs out: 100 a day.',
  start: 'Start',
  results: 'Results',
  studentsOnly: 'The drill is for students. Open a student’s results from their dashboard.',
  dashboard: 'Dashboard',
  // the game (/math/start)
  gameTitle: 'Simple Math Question',
  getReady: 'Get ready',
  answerLabel: 'Your answer',
  answerHint: 'Type the sum and press Enter.',
  send: 'Enter',
  timeLeft: 'Time left',
  timeFor: (seconds: string) => `${seconds} s for each question`,
  /** The time bar's value for a screen reader. */
  secondsLeft: (seconds: string) => `${seconds} s`,
  correctTally: 'Correct',
  wrongTally: 'Wrong',
  reward: 'Total Coins',
  rewardAmount: (amount: string) => `${amount} coins`,
  feedbackCorrect: 'Good job!',
  feedbackWrong: (question: string, sum: number) => `Not quite: ${question} = ${sum}`,
  feedbackTimeout: (question: string, sum: number) => `Time is up: ${question} = ${sum}`,
  loadingQuestion: 'Getting a question…',
  sending: 'Saving your answer…',
  doneTitle: 'Done',
  doneText: '100 questions answered today. Try again tomorrow.',
  stuckSend:
    'Your last answer has not reached the server: the connection seems to be down. It is kept, and is sent when you press Retry.',
  stuckAsk: 'The next question could not be fetched: the connection seems to be down.',
  stuckLoad: 'Today’s count could not be loaded: the connection seems to be down.',
  retry: 'Retry',
  // the results (/math/result/{name})
  resultsTitle: (name: string) => `${name}'s results`,
  daysPerPage: 'Days per page',
  allDays: 'All days',
  dayTotal: (correct: number, wrong: number) => `${correct} correct, ${wrong} wrong`,
  noResults: 'No answers yet: the results appear after the first game.',
  loading: 'Loading…',
  // the dashboard section
  latestDay: (date: string) => `Latest day: ${date}`,
  latestDayNone: 'Latest day',
  recentDays: 'Recent days',
});
