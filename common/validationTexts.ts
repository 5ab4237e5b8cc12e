import { texts } from './texts.ts';

/**
 * The words of the API's field-level problems (a 400's `details[].message`, and the one-line
 * `message` made of them), in English; common/i18n/ko/validationTexts.ts has them in Korean. A
 * request schema names its text (`says('atMostCharacters', 200)`, common/validation.ts) and a parse
 * words it in its own language; the services throw them as functions of the texts. zod's own
 * messages (a problem no schema words) come from zod's locale of the language.
 */
export const validationTexts = texts({
  // Fixed problems (common/validation.ts, common/contracts/*, common/questions/*).
  required: 'is required',
  text: 'must be a text',
  texts: 'must be texts',
  notEmpty: 'must not be empty',
  notOnlySpaces: 'must not be only spaces',
  number: 'must be a number',
  wholeNumber: 'must be a whole number',
  positive: 'must be positive',
  notNegative: 'must not be negative',
  list: 'must be a list',
  email: 'must be a valid email address',
  day: 'must be a date YYYY-MM-DD',
  dateTime: 'must be a date-time text',
  trueOrFalse: 'must be true or false',
  questionType: 'must be m, M or s',
  listOfAnswers: 'must be a list of answers',
  atLeastOneAnswer: 'must hold at least one answer',
  listOfChanges: 'must be a list of changes',
  atLeastOneChange: 'must hold at least one change',
  marks: 'marks must be 0, 1 or -1',
  draftChanges: 'must map question ids to {answer, version}',
  year: 'must be 1000 to 9999',
  month: 'must be 1 to 12',
  notOneOfOptions: 'is not one of the options',
  multiAnswer: 'must be a JSON array of the chosen options',
  valueNotAnOption: 'contains a value that is not one of the options',
  everyAnswerAnOption: 'every answer must be one of the options',
  notInPast: 'must not be in the past',
  commonPassword: 'is one of the most common passwords; choose one that is harder to guess',
  passwordIsIdentity: 'must not be your username or email address',
  usernamePattern:
    "may contain only letters, digits, spaces, '.', '_' and '-', and must start with a letter or digit",
  oneScript:
    'must be written in one script (a name mixing look-alike letters, such as a Cyrillic а among Latin letters, could impersonate someone)',
  atLeastOneRole: 'must name at least one role',
  atLeastOneStudent: 'must name at least one student',
  listOfStudents: 'must be a list of student names',
  daysList: 'must be a list of days',
  daysNumbers: 'must be numbers of days',
  ladderOrder: 'each step must be at least as long as the one before',
  language: "must be 'en', 'ko' or null",
  mathForm: 'must be of the form a + b',
  mathText: 'must be a text of the form a + b',
  mathAnswer: 'must be a whole number (or -1 for a timeout)',
  reassign: 'cannot be changed here: reassign with POST assignments (the archive page)',
  // A question's pictures (common/contracts/tutoring.ts).
  altRequired: 'is required: describe the picture in words for those who cannot see it',
  pictureId: 'must be the id of an uploaded picture (64 hexadecimal digits)',
  picturePart: 'must be question or explanation',
  pictureSamePart: 'the same picture is attached twice to the same part',
  needsBody: 'The request needs a JSON body.',
  // The bulk upload's array (server/questions/bulk.ts).
  bulkNotArray: 'The body must be a JSON array of questions.',
  bulkEmpty: 'The array holds no questions.',
  // The archive's searches (server/questions/routes.ts).
  titleRequired: 'title is required',
  // The teacher's calendar's students (server/calendars/routes.ts).
  studentsRequired: 'students is required (students=a,b)',
  emptyBody: 'The request body is empty: send a JSON body.',
  contentLength: 'The Content-Length header does not match the body.',

  // The admin console's and the portfolio's forms (common/contracts/admin.ts, portfolio.ts).
  serviceName: 'send the service name as plain text or as {"name": "…"}',
  subscriptionList: 'must be a list of {studentName, serviceName}',
  controlCharactersInLine: 'must not contain control characters',
  controlCharacters: 'must not contain control characters other than line breaks',
  hundredths: 'must be a whole number of hundredths of a second',
  stopwatchType: 'must be s, r, p or d',
  startRelated: 'must be null for a start (s)',
  startElapsed: 'must be 0 for a start (s)',
  runStart: 'must be the id of the run’s start record for r, p and d',
  approvedOrHidden: 'must be approved or hidden',
  wallState: 'must be pending, approved or hidden',

  // Problems with values.
  atMostLines: (max: number) => `must be at most ${max} lines`,
  atMostDays: (days: number) => `must be at most ${days} days`,
  roles: (roles: string) => `must be upper-case roles separated by commas, each one of ${roles}`,
  rolesNot: (roles: string, wrong: string) =>
    `must be upper-case roles separated by commas, each one of ${roles} (not ${wrong})`,
  atMostCharacters: (max: number) => `must be at most ${max} characters`,
  atLeastCharacters: (min: number) => `must be at least ${min} characters`,
  atMost: (max: number) => `must be at most ${max}`,
  atMostItems: (max: number) => `must have at most ${max} items`,
  itemsAtMostCharacters: (max: number) => `items must be at most ${max} characters`,
  atMostAnswers: (max: number) => `must hold at most ${max} answers`,
  atMostChanges: (max: number) => `must hold at most ${max} changes`,
  atMostMarks: (max: number) => `must mark at most ${max} submissions`,
  atMostDigits: (max: number) => `must have at most ${max} digits`,
  atMostDaysAhead: (days: number) => `must be at most ${days} days ahead`,
  steps: (min: number, max: number) => `must have ${min} to ${max} steps`,
  stepDays: (min: number, max: number) => `every step must be a whole number of days from ${min} to ${max}`,
  operands: (min: number, max: number) => `operands must be whole numbers from ${min} to ${max}`,
  sort: (fields: string) => `must be field,asc|desc with field one of ${fields}`,
  requestPart: (part: string) => `The request ${part} is not valid.`,
  bulkTooMany: (max: number, count: number) =>
    `At most ${max} questions in one upload (this one has ${count}).`,
  searchField: (fields: string) => `field must be one of ${fields}`,
  searchTooLong: (max: number) => `q must be at most ${max} characters`,
  titleTooLong: (max: number) => `title must be at most ${max} characters`,
  // The paging and date filters of the lists (common/contracts/paging.ts, tutoring.ts): the field's name first.
  fieldWholeNumber: (field: string) => `${field} must be a whole number`,
  fieldAtLeast: (field: string, min: number) => `${field} must be at least ${min}`,
  fieldAtMost: (field: string, max: number) => `${field} must be at most ${max}`,
  dateFilter: 'date must be YYYY-MM-DD',
  submissionIdKeys: 'keys must be submission ids',
  questionIdKeys: 'keys must be question ids',
  atMostStudents: (max: number) => `at most ${max} students`,
  rangeOrder: 'must not be before from',
  rangeSpan: (days: number) => `must be at most ${days} days after from`,
  atMostStudentsAtOnce: (max: number) => `at most ${max} students at once`,
  atMostPairsAtOnce: (max: number) => `at most ${max} pairs at once`,
  atMostSortOrders: (max: number) => `at most ${max} sort orders`,
  // The admin's subscriptions of many pairs (server/services).
  noStudentNamed: (name: string) => `no student named ${name}`,
  notAStudent: 'not a student account',
  noServiceNamed: (name: string) => `no service named ${name}`,
  // The submission service's problems with one answer of a batch (server/submissions).
  answeredTwice: (id: number) => `question ${id} is answered twice in this batch`,
  noQuestion: (id: number) => `no question with id ${id}`,
  notPending: (id: number, student: string) => `question ${id} is not pending for ${student}`,
  assignedAgain: (id: number, student: string) =>
    `question ${id} is assigned to ${student} again: answer it on the tutoring page`,
  notInReview: (id: number, student: string) => `question ${id} is not in ${student}'s review list`,
  notDueYet: (id: number, day: string) => `question ${id} is not due for review until ${day}`,
  staleDraft: (id: number) =>
    `question ${id}'s answer was changed in another tab or on another device since this answer was typed`,
  /** One problem of a batch in the one-line message: `Answer 2 (questionId): …`. */
  answerItem: (number: number, field: string, problem: string) => `Answer ${number} (${field}): ${problem}`,
});
