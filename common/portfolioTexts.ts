/**
 * The words of the owner's public pages (spec 2 §2, §4, §8), word for word where the spec gives
 * them. Apart from messages.ts, which every page loads: these travel only with the portfolio pages.
 * What the pages say about the owner is the owner's content (web/src/pages/portfolio/content/).
 */

export const portfolioTexts = {
  // Landing (spec 2 §2)
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
  pages: {
    stopwatch: 'Stopwatch',
    wall: 'Wall',
    spinner: 'Spinner',
    sandbox: 'Sandbox',
    previous: 'The earlier main page',
    home: 'Main page',
    signIn: 'Students and teachers: sign in',
  },
} as const;
