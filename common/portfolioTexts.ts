/**
 * The words of the owner's public pages (docs/product.md, "Portfolio pages"), word for word where the
 * product fixes them. Apart from messages.ts, which every page loads: these travel only with the
 * portfolio pages. What the pages say about the owner is the owner's content
 * (web/src/pages/portfolio/content/).
 */

import type { AgoUnit } from './portfolio/stopwatch.ts';
import { plural, texts } from './texts.ts';

export const portfolioTexts = texts({
  // Landing
  contactMe: 'CONTACT ME',
  email: 'E-mail',
  phone: 'Phone',
  timeline: 'Timeline',
  present: 'present',
  tldr: 'TL;DR',
  furtherInformation: 'Further information',
  endOfContents: 'end of contents',
  backToTimeline: 'Back to the whole timeline',
  timelineHint: 'Choose a period on the line to read about it.',
  notYetOpened: 'not opened yet',
  opensInNewTab: '(opens in a new tab)',
  headerPhotos: 'Photos',
  periodPhotos: (period: string) => `Photos of ${period}`,
  pauseSlides: 'Pause',
  playSlides: 'Play',
  showPhoto: (n: number, count: number) => `Show photo ${n} of ${count}`,
  photoOf: (n: number, count: number, alt: string) => `Photo ${n} of ${count}: ${alt}`,
  morePages: 'More on this site',
  logo: (name: string) => `${name} logo`,
  pages: {
    stopwatch: 'Stopwatch',
    wall: 'Wall',
    spinner: 'Spinner',
    sandbox: 'Sandbox',
    previous: 'The earlier main page',
    home: 'Main page',
    signIn: 'Students and teachers: sign in',
  },
});

/** The stopwatch. */
export const stopwatchTexts = texts({
  title: 'Stopwatch',
  name: 'Name',
  anonymous: 'Anonymous',
  nameHint: 'Shown in the history. It cannot change while the stopwatch runs.',
  commands: 'Commands',
  commandsHint: 'Type the word in its box, then press Enter.',
  start: 'start',
  pause: 'pause',
  reset: 'reset',
  commandLabel: (word: string) => `Type ${word}`,
  wrongWord: (word: string) => `Type ${word}, then press Enter.`,
  alreadyRunning: 'The stopwatch is already running.',
  notRunning: 'The stopwatch is not running.',
  nothingToReset: 'There is nothing to reset.',
  history: 'History',
  emptyHistory: 'Nothing recorded yet. Type start to begin.',
  loading: 'Loading the history…',
  kinds: { s: 'Start', r: 'Resume', p: 'Pause', d: 'Reset' },
  leaveWarning: 'The stopwatch is running. Leave the page?',
  /** The stopwatch's failure alert, word for word. */
  failure: 'There is an issue...',
  seoulTime: 'Seoul time',
  running: 'Running',
  paused: 'Paused',
  stopped: 'Stopped',
  /** A record's age, by its largest non-zero unit. */
  justNow: 'just now',
  ago: (n: number, unit: AgoUnit) => `${n} ${plural(n, { one: unit, other: `${unit}s` })} ago`,
  /** A pause's or reset's duration (at least a minute). */
  duration: (hours: number, minutes: number) =>
    [
      hours > 0 ? `${hours} ${plural(hours, { one: 'hour', other: 'hours' })}` : '',
      minutes > 0 ? `${minutes} ${plural(minutes, { one: 'minute', other: 'minutes' })}` : '',
    ]
      .filter(Boolean)
      .join(' '),
});

/** The wall: visitors post, and the administrator chooses which posts the board shows. */
export const wallTexts = texts({
  title: 'Wall',
  subtitle: (owner: string) => `You can post the message to ${owner} in this page`,
  yourName: 'Your name',
  yourNameHint: 'Optional. Left empty, the message is signed Anonymous.',
  message: 'Message',
  messageHint: (owner: string) => `${owner} reads every message and chooses which appear on the board.`,
  post: 'Post',
  posting: 'Posting…',
  posted: (owner: string) => `Thank you! Your message will appear here once ${owner} has read it.`,
  emptyMessage: 'Write a message first.',
  board: 'Messages',
  emptyBoard: 'No messages on the board yet. Be the first!',
  loading: 'Loading the messages…',
  failure: 'There is an issue...',
});

/** The spinner. */
export const spinnerTexts = texts({
  title: 'Spinner',
  intro: 'Name the choices, press START, then STOP: the wheel settles on one of them at random.',
  count: 'Number of elements',
  countHint: 'From 0 to 10.',
  element: (n: number) => `Element ${n}`,
  start: 'START',
  stop: 'STOP',
  spinning: 'Spinning…',
  result: 'Result',
  resultIs: (name: string) => `The wheel chose: ${name}`,
  noElements: 'Add at least one element to spin.',
  wheel: (count: number) => `A wheel of ${count} ${plural(count, { one: 'element', other: 'elements' })}`,
});

/** The sandbox. */
export const sandboxTexts = texts({
  title: 'Sandbox',
  intro: 'A place to try the pieces this site is built from.',
  signIn: 'Social sign-in',
  notConfigured: 'not set up on this server',
  charts: 'Charts',
  toasts: 'Toasts',
  successButton: 'Show a success toast',
  errorButton: 'Show an error toast',
  successToast: 'Saved! This is what success looks like.',
  errorToast: 'Something went wrong. This is what an error looks like.',
  scatterTitle: 'Hours practised and scores',
  scatterSeries: 'Students',
  radarTitle: 'Topic mastery (sample)',
  radarSeries: 'Correct',
  lineTitle: 'Answers per day (sample)',
  noData: 'No data.',
  // The sample charts' axes, series and labels.
  hoursAxis: 'Hours practised',
  scoreAxis: 'Score',
  dayAxis: 'Day',
  answersAxis: 'Answers',
  correct: 'Correct',
  wrong: 'Wrong',
  days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
  topics: ['Loops', 'Arrays', 'Recursion', 'Classes', 'SQL', 'Sorting'],
});

/** The earlier main page, /prev: a greeting, skill cards, Projects and Careers. */
export const previousTexts = texts({
  mainSkills: 'Main Skills',
  projects: 'Projects',
  careers: 'Careers',
  careersText: 'The career timeline is on the main page.',
  seeTimeline: 'See the timeline',
  showMore: (skill: string) => `About ${skill}`,
});
