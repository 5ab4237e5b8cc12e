/**
 * What a student's answers came to: the Submissions page, the Review page's redos, a
 * submitted answer's check result (also in the teacher's upload preview), the teacher's change of a
 * mark. Apart from common/tutoringTexts.ts so that a first visit of /tutoring/{name} does not carry them.
 */

import { plural, texts } from './texts.ts';

const STALE_HINT = 'The newer answer is shown now: check it and submit again.';

export const submissionTexts = texts({
  // The tutoring page's empty state and date filter (useTextsLater: only when shown).
  /** The placeholder of an empty tutoring page. */
  noQuestions: "Oops! It seems there's no question for today's session.",
  /** The empty page's sentence around its links to Review and Submissions (the header's words). */
  nothingWaiting: [
    'Nothing is waiting for an answer. Redo wrong answers in ',
    ', or see the results in ',
    '.',
  ],
  panelEmpty: 'No questions to answer right now. New ones from your teacher will appear here.',
  dueOn: (day: string) => `Due ${day}`,
  removeDate: (day: string) => `Remove the date filter ${day}`,

  // Shown only once something happens on the tutoring page (useTextsLater): what happened to the
  // answers typed, and a parent's read-only note.
  saving: 'Saving your answers…',
  saved: 'Answers saved',
  savedOverwritten: (labels: string) =>
    `Answers saved. ${labels}: changed in another tab or on another device; the newer answer is shown.`,
  offline:
    'Not saved yet: the server cannot be reached. Your answers are kept on this device and sent when the connection is back.',
  refused: (why: string) => `Not saved: ${why}`,
  viewingQuestions: (name: string) => `You are viewing ${name}'s questions. Only ${name} can answer them.`,

  // Submitting answers (the tutoring and review pages): loaded when a student submits.
  tooLong: (label: string, length: number, max: number) =>
    `${label}: the answer is ${length.toLocaleString('en-US')} ${plural(length, { one: 'character', other: 'characters' })} long; ` +
    `an answer can hold at most ${max.toLocaleString('en-US')}.`,
  /** The confirm before submitting. */
  confirmSubmit: 'Are you sure to submit?',
  staleHint: STALE_HINT,
  changedElsewhere: (labels: string) =>
    `${labels}: changed in another tab or on another device. ${STALE_HINT}`,
  notSubmitted: (why: string) => `Nothing was submitted: your answers could not be saved. ${why}`,
  submitted: (count: number, right: number) =>
    `Submitted ${count} ${plural(count, { one: 'answer', other: 'answers' })}: ${right} correct.`,

  /** What a submitted answer came to (Submissions, the upload preview). */
  check: {
    yourAnswer: 'Your answer',
    correctAnswer: 'Correct answer',
    result: 'Result',
    submitted: 'Submitted',
    explanation: 'Explanation',
    correct: 'Correct',
    wrong: 'Wrong',
    notMarked: 'Not marked yet',
    redo: ' (redo)',
  },

  /** The Submissions page. */
  submissions: {
    heading: 'Submissions',
    results: 'Results',
    score: (correct: number, total: number, percent: string) => `Score ${correct} / ${total} (${percent}%)`,
    unmarked: (unmarked: number, marked: number) => `${unmarked} still to be marked (${marked} marked)`,
    redos: (corrected: number, redos: number) =>
      `${corrected} corrected on review (${redos} ${plural(redos, { one: 'redo', other: 'redos' })}, not counted in the score)`,
    empty: 'There are no submissions at the moment.',
    calendar: 'Calendar',
    changeMark: 'Change the mark',
    markCorrect: 'Correct',
    markWrong: 'Wrong',
    markUnmarked: 'Unmarked',
    markChanged: 'Mark changed.',
  },

  /** The Review page. */
  review: {
    heading: 'Review',
    viewing: (name: string) => `You are viewing ${name}'s wrong answers. Only ${name} can redo them.`,
    /** Refuses a review submitted before every question is answered. */
    solveAll: 'You should solve all questions',
    redone: (right: number, count: number) =>
      `${right} of ${count} ${plural(count, { one: 'redo', other: 'redos' })} correct.`,
    yourRedos: 'Your redos',
    redoCorrect: 'Correct',
    redoWrong: 'Wrong, still to review',
    redoWaiting: 'Waiting for marking',
    nothing: 'Nothing to review: every answer is right.',
    lastAnswer: 'Your last answer: ',
    submit: 'Submit',
  },
});

/**
 * The CSV exports (server/http/csv.ts writes them; docs/product.md, "Exports"): header rows and
 * cell words in the requester's language, and the submissions page's download link.
 */
export const csvTexts = texts({
  submissionHeader: ['Date', 'Question title', 'Topics', 'Answer', 'Mark', 'Redo'],
  overviewHeader: ['Student', 'Week', 'Assigned', 'Answered', 'Correct', 'Score %'],
  marks: { correct: 'Correct', wrong: 'Wrong', unmarked: 'Unmarked' },
  yes: 'Yes',
  no: 'No',
  from: 'From',
  to: 'To',
  download: (from: string, to: string) => `Download CSV (${from || 'start'} – ${to || 'today'})`,
});
