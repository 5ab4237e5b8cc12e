/** The words of notification mails and of the unsubscribe page (server/mail/); the server only. */

import { plural, texts } from './texts.ts';

/** The one-click unsubscribe page (`GET mail/unsubscribe`) and every notification's footer. */
export const unsubscribeTexts = texts({
  title: 'Unsubscribe',
  question: (kind: string) => `Stop the mail “${kind}”?`,
  button: 'Unsubscribe',
  done: (kind: string) =>
    `Done: you will no longer get “${kind}”. You can switch it on again on your profile.`,
  footer: (kind: string) => `You get this mail because “${kind}” is on in your profile. To stop it:`,
  link: 'Unsubscribe',
});

/** Every notification mail's greeting. */
export const greetingTexts = texts({
  hello: (name: string) => `Hello ${name},`,
});

/** A teacher's daily reminder: answers waiting in the marking inbox. */
export const teacherMarkingTexts = texts({
  subject: (count: number) =>
    `${count} ${plural(count, { one: 'answer is', other: 'answers are' })} waiting to be marked`,
  open: 'Open the marking inbox',
});

/** A student's daily digest: work assigned and answers marked since the last one. */
export const studentDigestTexts = texts({
  subject: (work: number, marks: number) =>
    [
      work > 0 ? `${work} new ${plural(work, { one: 'question', other: 'questions' })}` : '',
      marks > 0 ? `${marks} ${plural(marks, { one: 'answer', other: 'answers' })} marked` : '',
    ]
      .filter(Boolean)
      .join(', '),
  newWork: (count: number) => `New work (${count}):`,
  marks: (count: number) => `Marked by your teacher (${count}):`,
  due: (day: string) => `due ${day}`,
  correct: 'correct',
  wrong: 'wrong',
  more: (count: number) => `… and ${count} more`,
  openWork: 'Answer them',
  openMarks: 'See your submissions',
});

/** A parent's weekly mail: each linked child's week, as /week/{name} shows it. */
export const parentWeeklyTexts = texts({
  subject: (from: string, to: string) => `Your children's week, ${from} – ${to}`,
  open: 'See the whole week',
});
