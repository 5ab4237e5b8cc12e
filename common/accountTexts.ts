/**
 * The words of the password recovery pages (`/forgot-password`, `/reset-password`). Apart from
 * messages.ts, which every page loads: these travel only with those two pages.
 */

import { texts } from './texts.ts';

export const recoveryTexts = texts({
  forgotTitle: 'Forgot your password?',
  forgotIntro: 'Enter the email address of your account. We send it a link to set a new password.',
  emailLabel: 'Email Address',
  emailEmpty: 'User email is empty!',
  send: 'Send the link',
  sending: 'Sending…',
  backToSignIn: 'Back to sign in',
  resetTitle: 'Set a new password',
  resetIntro: 'Choose a new password. Every browser signed in to your account is signed out.',
  newPassword: 'New password',
  repeatPassword: 'Repeat the new password',
  passwordHint: '8 to 128 characters, not your name or email address.',
  passwordEmpty: 'Password is Empty!',
  passwordsDoNotMatch: 'Passwords do not match!',
  save: 'Set the password',
  checking: 'Checking the link…',
  invalidTitle: 'This link no longer works',
  invalidText: 'A password reset link works once, within an hour. This one has expired or was already used.',
  askAgain: 'Ask for a new link',
});
