/** The words of notification mails and of the unsubscribe page (server/mail/); the server only. */

import { texts } from './texts.ts';

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
