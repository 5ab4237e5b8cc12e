/**
 * The words of the timed addition drill ("Simple Math Question", spec 2 §2, §4): its pages and the
 * server's refusals. Apart from messages.ts, which every page loads: these travel only with the
 * drill's pages (and the dashboard section that links to them).
 */
export const mathTexts = {
  title: 'Simple Math Question',
  // the server's refusals
  dailyCapReached: 'All 100 questions of today are answered. Try again tomorrow.',
  alreadyAnswered: 'This question has already been answered.',
  noSuchQuestion: 'There is no such question for this student.',
  notIssuedQuestion: 'must be the question the server issued',
  noDays: 'No answers yet.',
} as const;
