/**
 * The words of the student dashboard, the profile card and the learner statistics page, word for word
 * where the product fixes them. Apart from messages.ts, which every page (sign-in included) loads:
 * these travel only with the pages that show them.
 */

import { texts } from './texts.ts';

/** The student dashboard and profile card, and what a teacher's or parent's own page adds. */
export const dashboardTexts = texts({
  /** The profile card's list of roles, each as the card writes it. */
  roles: 'Roles',
  roleNames: { STUDENT: 'student', TEACHER: 'teacher', PARENT: 'parent', ADMIN: 'admin' },
  totalQuestions: 'Total Questions',
  totalSubmissions: 'Total Submissions',
  averageScore: 'Average Score',
  toSolve: 'To Solve',
  editProfile: 'Edit Profile',
  name: 'Name',
  email: 'Email',
  currentPassword: 'Current password',
  currentPasswordHint: 'Needed to change your email address.',
  picture: 'Picture',
  pictureHint: 'PNG, JPEG, WebP or GIF, at most 5 MB. It is cut to a square.',
  previewAlt: 'The new picture',
  currentPictureAlt: 'Your current picture',
  pictureOf: (name: string) => `${name}'s picture`,
  cancel: 'Cancel',
  save: 'Save Changes',
  saving: 'Saving…',
  done: 'DONE!',
  selectFile: 'Select a File',
  /** Change password, in the Edit Profile dialog. */
  changePassword: 'Change password',
  savePassword: 'Save the new password',
  newPassword: 'New password',
  repeatNewPassword: 'Repeat the new password',
  newPasswordHint: '8 to 128 characters. Your other signed-in browsers are signed out.',
  passwordsDiffer: 'The new passwords do not match.',
  passwordChanged: 'Your password is changed. Other browsers are signed out.',
  noPasswordHere: 'This account signs in through Google, Naver or Kakao: it has no password to change.',
  imagesOnly: 'Choose an image file: PNG, JPEG, WebP or GIF.',
  pictureTooLarge: 'The picture is larger than 5 MB. Choose a smaller one.',
  /** The original dashboard's word while a section loads. */
  loading: 'is loading',
  tutoring: 'Tutoring',
  math: 'Simple Math Question',
  questions: 'Questions',
  review: 'Review',
  submissions: 'Submissions',
  start: 'Start',
  result: 'Result',
  latestDay: (date: string) => `Latest day: ${date}`,
  latestDayNone: 'Latest day',
  period: (first: string, last: string) => (first === last ? first : `${first} – ${last}`),
  periodNone: 'All days',
  noAnswers: 'No answers yet.',
  noServices: 'No services yet: the administrator subscribes students to Tutoring and Simple Math Question.',
  /** A service the admin console added, which has no page of its own in the app. */
  otherService: (name: string) =>
    `You are subscribed to ${name}. Its lessons are arranged with your teacher; there is nothing to open here yet.`,
  children: 'Children',
  noChildren: 'No children are linked to this account yet: the administrator links them.',
  stats: 'Stats',
  dashboardOf: (name: string) => `${name}'s dashboard`,
  statsOf: (name: string) => `${name}'s statistics`,
  teaching: 'Teaching',
  yourStudents: 'Your students',
});

/** The learner statistics page. */
export const statsTexts = texts({
  mostRecent: 'Most Recent Submission',
  lastAssignment: 'Last Assignment Assigned',
  allDone: 'All assigned tasks have been completed.',
  noSubmission: 'No submissions yet.',
  performance: 'Performance Overview',
  recentPie: 'Most recent submission',
  cumulativePie: 'Cumulative',
  questionsSolved: 'Questions solved',
  recentScore: 'Recent score',
  cumulativeScore: 'Cumulative score',
  accuracy: 'Overall accuracy',
  topicMastery: 'Topic Mastery',
  topicMasteryChart: 'Correct answers by topic (the six most answered topics)',
  correctShare: 'Correct',
  noTopics: 'No marked answers to questions with topics yet.',
  calendar: 'Assignment Calendar',
  calendarHint: 'Each day shows the questions completed / assigned for that due day (correctness aside).',
});

/** The month calendar (web/src/ui/Calendar.tsx): the student's and the teacher's. Day and month names come from Intl. */
export const calendarTexts = texts({
  calendar: 'Calendar',
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  /** The month's heading: `2026 March`. */
  title: (year: number, month: string) => `${year} ${month}`,
  failed: 'The calendar could not be loaded.',
  toMark: (count: number, name: string, date: string) => `${count} to mark for ${name} due on ${date}`,
  solved: (solved: number, total: number, date: string) => `${solved} of ${total} solved on ${date}`,
});

/** The charts' shared words (web/src/ui/charts/charts.tsx) and the dashboard's lines. */
export const chartTexts = texts({
  share: 'Share',
  count: 'Count',
  percent: 'Percent',
  axis: 'Axis',
  point: 'Point',
  noAnswers: 'No answers yet.',
  correct: 'Correct',
  wrong: 'Wrong',
  day: 'Day',
  answers: 'Answers',
});

/** The profile's mail switches, one per notification the person's roles get (docs/product.md, "Mail"). */
export const mailSwitchTexts = texts({
  title: 'Mail',
  hint: 'Mails we send you. Each one also carries a link to switch it off.',
  kinds: {
    'teacher-marking': 'Answers waiting to be marked (daily)',
    'student-digest': 'New work and marks (daily)',
    'parent-weekly': "Each child's week (Sunday evening)",
  },
  saved: 'Saved.',
});
