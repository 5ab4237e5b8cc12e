/**
 * Every user-facing text the product fixes, word for word (docs/product.md, "Messages"). Pages and
 * the server import these; nothing retypes them. Typos such as 'seession' belong to the fixed texts
 * and are kept on purpose.
 */

import { plural, texts } from './texts.ts';

export const authTexts = texts({
  signInTitle: 'Sign In',
  signInSubtitle: 'Enter your credentials to continue',
  emailLabel: 'Email Address',
  passwordLabel: 'Password',
  signInButton: 'Sign in',
  signUpLink: 'Sign Up here',
  /** The sign-in page's way to a reset link (`/forgot-password`). */
  forgotPassword: 'Forgot password?',
  userEmailEmpty: 'User email is empty!',
  passwordEmpty: 'Password is empty!',
  signInFailed: 'Either email is invalid or password is wrong.',

  signUpTitle: 'Sign Up',
  signUpEmailLabel: 'Email',
  firstNameLabel: 'First Name',
  signUpPasswordLabel: 'Password',
  repeatPasswordLabel: 'Repeat the password',
  signUpButton: 'Sign Up',
  signUpEmailEmpty: 'Email is Empty!',
  firstNameEmpty: 'First Name is Empty!',
  signUpPasswordEmpty: 'Password is Empty!',
  passwordsDoNotMatch: 'Passwords do not match!',

  /** Sent to /login by a page the signed-in user may not open, with a way back. */
  signedInAsOther: (name: string) =>
    `You are signed in as ${name}, who may not open that page. Sign in as someone who may, or go back to`,
  yourPage: 'your page',
  yourPageEnd: '.',
  /** Under the sign-up button while a field is still empty. */
  fillAllFour: 'Fill in all four fields to sign up.',
  nameHint: 'Your teacher will find you by this name.',
  signingOut: 'Signing out…',
  /** The password field's show/hide button: its word, and its name for screen readers. */
  showPassword: 'Show',
  hidePassword: 'Hide',
  showPasswordName: 'Show password',
  hidePasswordName: 'Hide password',
});

/** Provider sign-in, and the outcomes that send the user back to /login. */
export const oauthTexts = texts({
  continueWith: (provider: string) => `Continue with ${provider}`,
  /** The registration landing's question, word for word (its typo 'signed it' included). */
  registerQuestion: 'You are not signed it yet. Do you want to sign in?',
  registerConfirm: 'Yes',
  registerDecline: 'No',
  /** The variant sign-in page (route /signin). */
  welcomeTitle: 'Welcome Back',
  welcomeSubtitle: 'Sign In to your account',
  orDivider: 'or',
  notConfigured: (provider: string) => `Sign-in with ${provider} is not set up on this server.`,
  unknownProvider: 'There is no such sign-in provider.',
  outcome: {
    cancelled: (provider: string) => `Sign-in with ${provider} was cancelled.`,
    expired: (provider: string) =>
      `That sign-in with ${provider} has expired or was already used. Please try again.`,
    failed: (provider: string) => `${provider} could not confirm your sign-in. Please try again in a moment.`,
    unverified: (provider: string) =>
      `Your ${provider} account did not share a verified email address, so it cannot sign you in here. ` +
      `Verify your email with ${provider} and allow sharing it, or sign up with a password.`,
    link: (provider: string) =>
      `An account with your ${provider} email already exists. Sign in with its password once to link ` +
      `${provider} to it; after that, ${provider} signs you in directly.`,
  },
});

export const headerTexts = texts({
  dashboard: 'Dashboard',
  archive: 'Archive',
  teacher: 'Teacher',
  upload: 'Upload',
  marking: 'Marking',
  questions: 'Questions',
  review: 'Review',
  submissions: 'Submissions',
  menu: 'Menu',
  /** The header's navigation's accessible name. */
  nav: 'Main',
  /** The admin console's link, for administrators (not in the original header). */
  admin: 'Admin',
  logout: 'Log out',
  /** The language switch's name: in the header and on the sign-in pages. */
  language: 'Language',
  /** The Review link's name when questions are due (spaced review; the badge shows the number). */
  reviewDue: (count: number) => `Review, ${count} due today`,
  /** The Marking link's name when answers wait (the badge shows the number). */
  markingDue: (count: number) => `Marking, ${count} to mark`,
});

/** The failure alerts, word for word. */
export const failureTexts = texts({
  sessionExpired: 'Session Expired, Please login first',
  sessionExpiredOnSubmit: 'Your seession is expired. You have to login first.',
  accessDenied: 'Access Denied!',
  serverIssueBang: 'There is an issue on the server...!',
  serverIssueDots: 'There is an issue on the server...',
  issueDots: 'There is an issue...',
  listIssue: 'There is an issue while getting a list.',
  serverIssue: 'There is an issue on the server.',
  serverIssueExclaim: 'There is an issue on the server!',
  error: 'error!',
  issue: 'There is an issue',
});

/** The kit's shared parts: the pager, the confirm dialog, notifications, floating panels. */
export const layoutTexts = texts({
  perPage: 'Questions per page',
  pages: 'Pages',
  previous: 'Previous',
  next: 'Next',
  pageOf: (page: number, total: number) => `Page ${page} of ${total}`,
  page: (page: number) => `Page ${page}`,
  top: '↑ Top',
  bottom: '↓ Bottom',
  ok: 'OK',
  cancel: 'Cancel',
  notifications: 'Notifications',
  dismiss: 'Dismiss',
  movePanel: (title: string) => `Move the ${title} panel (drag, or use the arrow keys)`,
  /** A field's character counter: `1,234 / 10,000 characters`, and when full. */
  characters: (length: number, max: number) =>
    `${length.toLocaleString('en-US')} / ${max.toLocaleString('en-US')} ${plural(max, { one: 'character', other: 'characters' })}`,
  full: ' (the most it can hold)',
});

/**
 * How a failure names what the server refused (web/src/api/failures.ts): the fields of a request in
 * words, an unnamed position, and a field's problem after its name ("Title must not be empty").
 */
export const fieldTexts = texts({
  labels: {
    title: 'Title',
    question: 'Question',
    type: 'Type',
    candidates: 'Options',
    answer: 'Answer',
    studentAnswer: 'Answer',
    explanation: 'Explanation',
    hint: 'Hint',
    topics: 'Topics',
    students: 'Students',
    names: 'Students',
    targetDate: 'Due date',
    generatedDate: 'Generated date',
    questionId: 'Question',
    questionIds: 'Questions',
    draftVersion: 'Answer',
    q: 'Search text',
  },
  item: (number: number) => `Item ${number}`,
  problem: (field: string, problem: string) => `${field} ${problem}`,
});

/** Messages the API answers with (JSON `message`), shared so tests and pages agree on them. */
export const apiMessages = texts({
  emailInUse: 'Email is already in use!',
  usernameTaken: 'username: this name is already taken; choose another one.',
  invalidCredentials: 'Invalid email or password.',
  notSignedIn: 'You are not signed in.',
  sessionExpired: 'Your session has expired. Sign in again.',
  forbidden: 'You are not allowed to do this.',
  crossSiteWrite: 'This request did not come from this application (Origin check failed).',
  notFound: 'No such API route.',
  studentNotFound: 'Student not found.',
  userNotFound: 'User not found.',
  teacherNotFound: 'Teacher not found.',
  noSubmissionsYet: 'No submissions yet.',
  bodyTooLarge: 'The request body is too large.',
  malformedJson: 'The request body is not valid JSON.',
  unsupportedMediaType: 'Unsupported content type: send application/json.',
  nulCharacter: 'The request contains a NUL character (\\u0000 or %00), which no address or field may hold.',
  badHost: 'The Host header is not a valid host name.',
  oauthRegisterInvalid:
    'This sign-up link has expired or was already used. Start again from the sign-in page.',
  oauthNameUnavailable: 'Could not find a free username for this account. Sign up with a password instead.',
  tooManySignInFailures: (seconds: number) =>
    `Too many failed sign-in attempts. Try again in ${inWords(seconds)}.`,
  tooManySignUps: (seconds: number) =>
    `Too many sign-ups from your network. Try again in ${inWords(seconds)}.`,
  passwordChecksBusy: 'The server is busy checking passwords. Try again in a few seconds.',
  noApiDocFile: 'There is no such file of the API page.',
  /** Marking names submissions that do not exist (`PUT marking`). */
  noSubmissions: (ids: readonly number[]) => `No ${submissionsNumbered(ids)}.`,
  /** A student's marking names submissions that are not that student's (`PUT submissions/mark/{name}`). */
  noSubmissionsOf: (ids: readonly number[], student: string) =>
    `No ${submissionsNumbered(ids)} of ${student}.`,
  /** Review's pin or retire of a question the student never answered. */
  notAnswered: (student: string, questionId: number) => `${student} has not answered question ${questionId}.`,
  /** Review's pin or retire of a question that is pending again. */
  assignedAgainInReview: (questionId: number, student: string) =>
    `Question ${questionId} is assigned to ${student} again: it comes back to Review once answered.`,
  noTopic: (topic: string) => `There is no topic "${topic}".`,
  noTopicSetting: (student: string, topic: string) => `${student} has no setting for the topic "${topic}".`,
  internal: (requestId: string) =>
    `Something went wrong on our side. If it keeps happening, quote this reference: ${requestId}.`,
});

/** Loading the app's parts and the screens shown when that fails. */
export const appLoadTexts = texts({
  /** The chunk failure message, followed by the failure type and the address. */
  chunkFailed: (chunkId: string, failureType: string, address: string) =>
    `Loading chunk ${chunkId} failed.\n(${failureType}: ${address})`,
  retry: 'Retry',
  /** The router's default error screen. */
  unexpectedError: 'Unexpected Application Error!',
  unexpectedErrorHint: 'Something on this page broke. Going back usually helps.',
  goBack: 'Go back',
  goHome: 'Go to the start page',
  loading: 'Loading…',
  /** A call that got no answer (web/src/api/client.ts). */
  timedOut: 'The server did not answer in time.',
  unreachable: 'The server could not be reached.',
});

/** `submission 5`, `submissions 5, 6`. */
function submissionsNumbered(ids: readonly number[]): string {
  return `${plural(ids.length, { one: 'submission', other: 'submissions' })} ${ids.join(', ')}`;
}

/** `15 seconds`, `1 minute`, `12 minutes`: how long to wait, rounded up. */
function inWords(seconds: number): string {
  if (seconds < 60) return `${seconds} ${plural(seconds, { one: 'second', other: 'seconds' })}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${plural(minutes, { one: 'minute', other: 'minutes' })}`;
}

/**
 * Answers of the profile routes (`PATCH users`, `PATCH users/image`). Apart from `apiMessages`,
 * which the pages read too, so that the web app's bundle does not carry them.
 */
export const profileMessages = texts({
  ownProfileOnly: 'You can change only your own profile here.',
  rolesByAdmin: 'Roles are changed by an administrator.',
  currentPasswordNeeded: 'currentPassword: enter your current password to change your email address.',
  currentPasswordWrong: 'currentPassword: this is not your current password.',
  providerEmailFixed:
    'email: this account signs in through Google, Naver or Kakao, so its email address cannot be changed here.',
  pictureMissing: 'image: choose a picture file to upload.',
  pictureTooLarge: 'The picture is larger than 5 MB. Choose a smaller one.',
  pictureNotImage: 'The picture must be a PNG, JPEG, WebP or GIF image.',
  pictureSvg: 'SVG pictures are not accepted. Choose a PNG, JPEG, WebP or GIF image.',
  pictureTruncated: 'The picture file is incomplete (cut short). Choose the file again.',
  pictureHidesData:
    'The picture file holds more than a picture (data after its end), so it was refused. Save it again as a plain PNG, JPEG, WebP or GIF.',
  pictureTooManyPixels: 'The picture has too many pixels (at most 40 megapixels). Choose a smaller one.',
  pictureUnreadable: 'The picture could not be read as an image.',
  pictureFormTooBig: 'Send one picture with its username, nothing more.',
  pictureFormBroken: 'The upload is not a well-formed multipart/form-data body.',
  pictureNotMultipart: 'Send the picture as multipart/form-data with the fields username and image.',
  picturesBusy: 'The server is busy with other pictures. Try again in a few seconds.',
});

/**
 * Answers of the question pictures' routes (`POST pictures`, `GET pictures/{id}`) and of saving a
 * question with pictures. The checks of the picture itself are `profileMessages`' (one rule).
 */
export const pictureMessages = texts({
  pictureFormTooBig: 'Send one picture in the field image, nothing more.',
  pictureNotMultipart: 'Send the picture as multipart/form-data with the field image.',
  pictureNotFound: 'No such picture.',
  unknownPictures: (count: number) =>
    `${count} ${plural(count, { one: 'picture was', other: 'pictures were' })} never uploaded: upload ${plural(count, { one: 'it', other: 'them' })} again.`,
});

/**
 * Password recovery and change: the server's answers and the reset mail, in the recipient's
 * language. Apart from `apiMessages`, so the web app's bundle does not carry them.
 */
export const recoveryMessages = texts({
  /** The answer to every reset request, whether or not the email has an account. */
  requestAccepted:
    'If an account uses this email address, a message with a link to set a new password is on its way. The link works once, within an hour.',
  tooManyResets: (seconds: number) => `Too many password reset requests. Try again in ${inWords(seconds)}.`,
  linkInvalid: 'This password reset link has expired or was already used. Ask for a new one.',
  noPassword: 'This account signs in through Google, Naver or Kakao, so it has no password to change.',
  mail: {
    subject: 'Set a new password for Tutorfolio',
    greeting: (name: string) => `Hello ${name},`,
    asked: 'Someone (we hope you) asked to set a new password for your Tutorfolio account.',
    follow: 'Open this link to choose a new password. It works once, within an hour:',
    button: 'Set a new password',
    ignore: 'If you did not ask for this, ignore this message: your password stays as it is.',
    providerSubject: 'How to sign in to Tutorfolio',
    provider: (providers: string) =>
      `Your Tutorfolio account has no password: it signs in through ${providers}. Use "Continue with ${providers}" on the sign-in page instead.`,
    signInLink: 'Open the sign-in page:',
    or: ' or ',
  },
});

/** Answers of the portfolio's stopwatch and wall routes. */
export const portfolioApiMessages = texts({
  stopwatchRunNotFound: 'relatedID: no stopwatch run starts with this id.',
  stopwatchOtherBrowser:
    'This stopwatch run was started in another browser; only that browser can continue it.',
  stopwatchNameChanged: 'name: must stay the name the run was started with.',
  stopwatchEnded: 'This stopwatch run has ended (it was reset). Start a new one.',
  stopwatchAlreadyRunning: 'This stopwatch run is already running.',
  stopwatchAlreadyPaused: 'This stopwatch run is already paused.',
  tooManyStopwatchRecords: (seconds: number) =>
    `Too many stopwatch records from your network. Try again in ${inWords(seconds)}.`,
  tooManyWallPosts: (seconds: number) =>
    `You have posted several messages already. Try again in ${inWords(seconds)}.`,
  wallPostNotFound: 'No wall post has this id.',
});

/** Answers of the admin console's routes; apart, so pages that never call them do not carry them. */
export const adminMessages = texts({
  serviceExists: (name: string) => `A service named "${name}" already exists.`,
  unknownNames: (students: readonly string[], services: readonly string[]) => {
    const parts = [
      students.length ? `No student named ${students.join(', ')}` : '',
      services.length ? `No service named ${services.join(', ')}` : '',
    ];
    return `${parts.filter(Boolean).join('; ')}. Nothing was saved.`;
  },
  serviceNotFound: 'Service not found.',
  notSubscribed: (student: string, service: string) => `${student} is not subscribed to ${service}.`,
  notAParent: (name: string) => `${name} is not a parent account (role PARENT).`,
  notStudents: (names: readonly string[]) =>
    `Only students can be linked to a parent: ${names.join(', ')} ${plural(names.length, { one: 'is not a student account', other: 'are not student accounts' })}. Nothing was saved.`,
  notLinked: (parent: string, child: string) => `${child} is not linked to ${parent}.`,
  lastAdmin: 'You are the last administrator: give another account the ADMIN role before removing your own.',
  keepOneAdmin: 'This change would leave the school without an administrator.',
  noLongerAdmin: 'You are no longer an administrator.',
});

/** Answers of the mail routes: the switches on the profile and the one-click unsubscribe link. */
export const mailMessages = texts({
  badUnsubscribeToken:
    'This unsubscribe link is not valid (cut short or changed). Open it again from the mail, or switch the mail off on your profile.',
  unsubscribeAccountGone: 'The account this unsubscribe link was made for no longer exists.',
});
