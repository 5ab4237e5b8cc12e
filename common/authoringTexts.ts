import type { QuestionType } from './questions/rules.ts';
import { plural, texts } from './texts.ts';

/**
 * The words of the teacher's question tools: upload (one by one and as JSON), modify, the archive
 * and the teacher page. The product's fixed words are kept as written ('Assign to Students',
 * 'Preview Question & Submission', the upload alerts, 'SUBMIT'); the rest are this app's.
 */

/** `1 question`, `2 questions`. */
const questions = (count: number) => `${count} ${plural(count, { one: 'question', other: 'questions' })}`;
/** `1 character`, `255 characters`. */
const characters = (count: number) => `${count} ${plural(count, { one: 'character', other: 'characters' })}`;

/** What the question forms share: the fields' names and the question types. */
export const questionTexts = texts({
  typeNames: { m: 'Multiple choice', M: 'Multiple answers', s: 'Short answer' } as Record<
    QuestionType,
    string
  >,
  title: 'Title',
  question: 'Question',
  type: 'Type',
  options: 'Options',
  answer: 'Answer',
  explanation: 'Explanation',
  hint: 'Hint',
  topics: 'Topics',
  pictures: 'Pictures',
  code: 'Code',
  none: '(none)',
  optionsLegend: (several: boolean) => `Options (mark the right ${several ? 'ones' : 'one'})`,
  option: (n: number) => `Option ${n}`,
  optionIsRight: (n: number) => `Option ${n} is right`,
  /** Beside a date typed in the app's time zone. */
  zoneTime: (zone: string) => `${zone} time`,
  /** Under a field whose text holds a formula: the text as students will see it. */
  formulaPreview: (field: string) => `${field} as students see it`,
});

/**
 * The rules of one question that need no database (common/questions/checks.ts), as the server answers
 * them and the forms show them: each follows the field's name ('Answer: must be one of the options').
 */
export const questionRuleTexts = texts({
  optionCount: (several: boolean, min: number, max: number) =>
    `a ${several ? 'multiple-answer' : 'multiple-choice'} question needs ${min} to ${max} ${plural(max, { one: 'option', other: 'options' })}`,
  emptyOption: 'options must not be empty',
  sameOptions: 'options must differ from each other',
  notAnOption: 'must be one of the options',
  notAnArray: `a multiple-answer question's answer must be a JSON array of options, e.g. ["a","c"]`,
  notAllOptions: 'every answer must be one of the options',
  duePast: 'must not be in the past',
  dueFar: (days: number) => `must be at most ${days} ${plural(days, { one: 'day', other: 'days' })} ahead`,
});

/**
 * The problems of one item of a bulk upload (common/questions/checks.ts `checkBulkItem`), in their
 * fixed order; the server answers with the English ones, the /upload/multiples preview shows them in
 * the language shown.
 */
export const bulkRuleTexts = texts({
  notAnObject: 'Item is not an object',
  titleMissing: 'Title is missing',
  titleTooLong: (max: number) => `Title is longer than ${characters(max)}`,
  questionMissing: 'Question is missing',
  questionTooLong: (max: number) => `Question is longer than ${characters(max)}`,
  typeWrong: 'Type is missing or incorrect',
  candidatesMissing: "'candidates' are missing",
  candidatesNotTexts: "'candidates' must be texts",
  studentsMissing: "'students' header is missing",
  studentsNotNames: "'students' must be names",
  answerMissing: 'Answer is missing',
  answerTooLong: (max: number) => `Answer is longer than ${characters(max)}`,
  explanationMissing: 'Explanation is missing',
  explanationTooLong: (max: number) => `Explanation is longer than ${characters(max)}`,
  generatedMissing: 'Generated date is missing',
  generatedNotDate: 'Generated date is not a date-time',
  targetMissing: 'Target date is missing',
  targetNotDate: 'Target date is not a date-time',
  targetProblem: (problem: string) => `Target date ${problem}`,
  hintNotText: 'Hint must be a text',
  topicsNotTexts: "'topics' must be a list of texts",
  picturesNotList: "'pictures' must be a list of {file, alt, part}",
  picturesTooMany: (max: number) => `At most ${max} ${plural(max, { one: 'picture', other: 'pictures' })}`,
  pictureNotObject: (n: number) => `Picture ${n} is not an object {file, alt, part}`,
  pictureNoFile: (n: number) => `Picture ${n}: file (the picture's file name) is missing`,
  pictureNoId: (n: number) => `Picture ${n}: id is not an uploaded picture's id`,
  pictureAltMissing: (n: number) => `Picture ${n}: alt text is missing (describe the picture in words)`,
  pictureAltTooLong: (n: number, max: number) => `Picture ${n}: alt text is longer than ${characters(max)}`,
  picturePartWrong: (n: number) => `Picture ${n}: part must be question or explanation`,
  answer: 'Answer',
  candidates: 'Candidates',
  ruleProblem: (field: string, problem: string) => `${field}: ${problem}`,
  /** The JSON itself (web/src/pages/upload/bulk.ts). */
  notAnArray: 'The JSON must be an array of questions: [ {…}, {…} ].',
  invalidAt: (line: number, column: number, position: number, message: string) =>
    `Invalid JSON at line ${line}, column ${column} (position ${position}): ${message}`,
  invalid: (message: string) => `Invalid JSON: ${message}`,
});

/**
 * The server's other words when questions are saved (`POST questions`, the bulk upload, modify,
 * `POST assignments`, topics), sent in the request's language (server/i18n/texts.ts).
 */
export const questionSaveTexts = texts({
  notDateTime: (example: string) => `must be a date-time such as ${example}`,
  unknownStudents: (names: readonly string[]) =>
    `unknown ${plural(names.length, { one: 'student', other: 'students' })} ${names.map((n) => `"${n}"`).join(', ')}`,
  unknownStudent: (name: string) => `Unknown student "${name}"`,
  /** `number` counts from 1, as the /upload/multiples preview's `bulkTexts.item` does. */
  bulkItem: (number: number, problems: readonly string[]) => `Item ${number}: ${problems.join(', ')}`,
  bulkRefused: (failed: number, total: number, items: readonly string[], more: number) =>
    `${failed} of ${questions(total)} cannot be saved; nothing was saved. ${items.join('; ')}${more > 0 ? ` (and ${more} more ${plural(more, { one: 'item', other: 'items' })})` : ''}`,
  onceEach: 'Each question may appear once in a modify request.',
  noQuestions: (ids: readonly number[]) => `No question with id ${ids.join(', ')}.`,
  noQuestionIds: (ids: readonly number[]) => `no question with id ${ids.join(', ')}`,
  topicExists: (title: string) => `The topic "${title}" already exists.`,
});

/** /upload: the form, its tabs, the student picker and the preview. */
export const uploadTexts = texts({
  heading: 'Upload',
  bulkLink: 'Bulk upload (JSON)',
  tabs: 'Questions being written',
  tab: (n: number) => `Question ${n}`,
  closeQuestion: (n: number) => `Close question ${n}`,
  confirmClose: (n: number) => `Close question ${n}? What is written in it is lost.`,
  confirmRemoveAll: 'Remove every question being written?',
  assignmentTitle: 'Assignment Title',
  questionText: 'Question Text',
  codeDetails: 'Code / details',
  codeLanguage: 'Code language',
  chooseType: 'Choose a type',
  optionCount: 'Number of options',
  hints: 'Hints',
  topicsExample: 'loops, java',
  dueDate: 'Due Date',
  lock: (field: string) => `Lock ${field}`,
  locked: (field: string) => `${field} is kept after an upload`,
  keep: (field: string) => `Keep ${field} after an upload`,
  students: 'Students',
  chosen: (count: number) => `(${count} chosen)`,
  searchStudents: 'Search students',
  selectAll: 'Select All',
  deselectAll: 'Deselect All',
  assign: 'Assign to Students',
  preview: 'Preview Question & Submission',
  duplicate: 'Duplicate Question',
  addQuestion: 'Question +',
  removeAll: 'Remove all',
  uploaded: 'Successfully uploaded!',
  previewHeading: 'Preview',
  asStudentSees: 'As the student sees it',
  afterSubmitting: (tried: boolean) => `After submitting ${tried ? 'this answer' : 'the right answer'}`,
  noTitle: '(no title)',
  /** The upload's alerts in their fixed order, then the rules of options, answer and due date. */
  answerMissing: 'Answer is missing.',
  titleMissing: 'Title is missing.',
  typeMissing: 'Type is missing.',
  explanationMissing: 'Explanation is missing.',
  questionMissing: 'Question is missing.',
  targetDateMissing: 'Target Date is missing.',
  dueDateProblem: (problem: string) => `Due Date ${problem}.`,
  ruleProblem: (field: string, problem: string) => `${field}: ${problem}.`,
});

/** /upload/multiples: questions as JSON. */
export const bulkTexts = texts({
  heading: 'Bulk upload',
  singleLink: 'Single upload',
  editor: 'JSON editor',
  json: 'Questions as JSON',
  /** Around the example date `2026-11-25T18:00`. */
  zoneBefore: 'Dates without an offset (',
  zoneAfter: (zone: string) => `) are ${zone} time.`,
  parse: 'Parse',
  submit: 'Submit',
  uploading: 'Uploading',
  uploadingCount: (count: number) => `Uploading ${questions(count)}…`,
  saved: (count: number) => `Saved ${questions(count)}.`,
  haveProblems: (count: number) =>
    `${count} ${plural(count, { one: 'question has', other: 'questions have' })} problems; fix them first.`,
  preview: 'Preview',
  parsed: (count: number, failing: number) =>
    `${questions(count)} parsed${failing ? `, ${failing} with problems` : ', all ready'}.`,
  /** `number` counts from 1 (the first question is Item 1), as the server's refusal does. */
  item: (number: number) => `Item ${number}`,
  problemsOf: (number: number) => `Problems of item ${number}`,
  missing: '(missing)',
  perLine: (field: string) => `${field} (one per line)`,
});

/** A question's pictures, where they are written (upload, modify) and in the bulk upload's second step. */
export const pictureTexts = texts({
  heading: 'Pictures',
  add: 'Add a picture (PNG, JPEG, WebP, GIF)',
  uploading: 'Checking the picture…',
  alt: (n: number) => `Picture ${n}: what it shows (alt text, required)`,
  shownWith: (n: number) => `Picture ${n} is shown with`,
  parts: { question: 'the question', explanation: 'the explanation' } as Record<
    'question' | 'explanation',
    string
  >,
  remove: (n: number) => `Remove picture ${n}`,
  altMissing: (n: number) => `Picture ${n}: describe what it shows (alt text).`,
  tooMany: (max: number) => `At most ${max} ${plural(max, { one: 'picture', other: 'pictures' })}.`,
  /** The bulk upload's second step: the files its JSON names by `file`. */
  choose: (count: number) =>
    `Choose the ${count} ${plural(count, { one: 'picture', other: 'pictures' })} the JSON names`,
  stillMissing: (names: readonly string[]) => `Still to choose: ${names.join(', ')}`,
  allChosen: 'Every picture the JSON names is uploaded.',
  notNamed: (name: string) => `${name} is not named in the JSON; it was left out.`,
});

/**
 * Question bank files (common/questions/banks/): imported on /upload/multiples into its preview,
 * exported from the archive. Positions count the file's questions from 1.
 */
export const bankTexts = texts({
  fileLabel: 'Import a file: GIFT (.gift, .txt), Moodle XML (.xml) or JSON',
  reading: 'Reading the file…',
  read: (count: number, notImported: number) =>
    `Read ${questions(count)} from the file${notImported ? `; ${notImported} not imported (listed below)` : ''}. Nothing is saved until you Submit.`,
  notImported: (count: number) => `${questions(count)} not imported`,
  skipped: (position: number, kind: string) => `Question ${position} (${kind}) skipped`,
  unreadable: (position: number, reason: string) => `Question ${position} could not be read: ${reason}`,
  kinds: {
    matching: 'matching',
    numerical: 'numerical',
    essay: 'essay',
    cloze: 'cloze',
    description: 'description, no question',
    severalRight: 'multiple choice with several right answers',
  },
  otherKind: (name: string) => `type “${name}”`,
  braces: 'a { has no } after it',
  tooLarge: (max: number) =>
    `The file is larger than ${max.toLocaleString('en')} ${plural(max, { one: 'byte', other: 'bytes' })}.`,
  tooMany: (max: number, count: number) =>
    `The file holds ${questions(count)}; one upload takes at most ${max.toLocaleString('en')}.`,
  dtd: 'The XML file declares a document type or entities; such files are not read.',
  notXml: (detail: string) => `The file is not well-formed XML: ${detail}`,
  notMoodleXml: 'The XML file is not a Moodle XML quiz (<quiz> … </quiz>).',
  empty: 'The file holds no questions.',
  unknownFormat: 'Choose a .gift, .txt, .xml or .json file.',
  /** True/false questions become multiple choice between these two options. */
  trueWord: 'True',
  falseWord: 'False',
  alsoAccepted: (answers: readonly string[]) => `Also accepted: ${answers.join(', ')}`,
  /** The archive's export. */
  exportLegend: 'Export',
  /** The formats' own names, the same in every language. */
  formats: { gift: 'GIFT', xml: 'Moodle XML', json: 'JSON' },
  exportFormat: 'Format',
  exportTicked: (count: number) => `Download ${questions(count)} ticked`,
  exportFound: (count: number) => `Download ${questions(count)} found`,
  exported: (count: number) => `Downloaded ${questions(count)}.`,
  exportCut: (max: number) =>
    `Only the first ${max.toLocaleString('en')} were downloaded: as many as one upload takes.`,
});

/** /questions/modify. */
export const modifyTexts = texts({
  heading: 'Modify questions',
  archiveLink: 'Archive',
  findByTitle: 'Find by title',
  find: 'Find',
  questionNumber: (id: number) => `Question ${id}`,
  modified: (count: number, remarked: number) =>
    `Modified ${questions(count)}${remarked ? `; ${remarked} ${plural(remarked, { one: 'mark', other: 'marks' })} changed` : ''}.`,
  pending: (count: number) => `Pending changes (${count})`,
  noPending: 'Edit a question to see its changes here.',
  modify: 'Modify',
  marksChanged: 'Marks changed',
  markNames: { 1: 'correct', [-1]: 'wrong', 0: 'unmarked' } as Record<-1 | 0 | 1, string>,
  remarked: (student: string, question: number, from: string, to: string) =>
    `${student}, question ${question}: ${from} → ${to}`,
  codeLanguage: (field: string) => `${field} code language`,
  noLanguage: 'Code (no language)',
  codeOf: (field: string) => `${field} code`,
  removeOption: (n: number) => `Remove option ${n}`,
  addOption: 'Add option',
});

/** /questions: the archive and its reassign panel. */
export const archiveTexts = texts({
  heading: 'Archive',
  teacherPages: 'Teacher pages',
  teacherLink: 'Teacher',
  modifyLink: 'Modify',
  searchIn: 'Search in',
  choice: 'Choice',
  all: 'All',
  searchText: 'Search text',
  searchPlaceholder: 'Search questions',
  search: 'Search',
  searchCut: (max: number) => `Search text stops at ${characters(max)}; only those are searched.`,
  searchLimit: (max: number) => `Up to ${characters(max)}.`,
  found: (count: number, search: string) => `${questions(count)}${search ? ` matching “${search}”` : ''}`,
  duplicate: 'Duplicate',
  chooseQuestion: 'Choose at least one question with its Duplicate box.',
  nameStudent: 'Students for: name at least one student.',
  assigned: (count: number, students: string) => `Assigned ${questions(count)} to ${students}.`,
  reassign: (count: number) => `Reassign (${count})`,
  printWorksheet: 'Print worksheet',
  tickDuplicate: 'Tick Duplicate on the questions to reassign.',
  studentsFor: 'Students for',
  studentsExample: 'alice, bob',
  targetDate: 'Target Date',
  submit: 'SUBMIT',
});

/** /teacher: the student list kept in this browser. */
export const teacherTexts = texts({
  worksheet: 'Worksheet',
  worksheetOf: (name: string) => `Print a worksheet of ${name}'s questions`,
  heading: 'Teacher',
  students: 'Students',
  studentName: 'Student name (several: separate with commas)',
  add: 'Add',
  noStudents: 'No students yet: add them by name.',
  submissions: 'Submissions',
  dashboard: 'Dashboard',
  stats: 'Stats',
  statsOf: (name: string) => `${name}'s statistics`,
  remove: 'Remove',
  removeOf: (name: string) => `Remove ${name}`,
  /** The overview export (weeks × listed students) and its range. */
  from: 'From',
  to: 'To',
  download: (from: string, to: string) => `Download CSV (${from || '4 weeks ago'} – ${to || 'today'})`,
});

/** The printable worksheet (/worksheet): questions to answer on paper, and its answer key. */
export const worksheetTexts = texts({
  heading: 'Worksheet',
  /** The sheet's heading for one student's pending questions. */
  forStudent: (name: string) => `Worksheet for ${name}`,
  count: (n: number) => `${n} ${plural(n, { one: 'question', other: 'questions' })}`,
  name: 'Name',
  date: 'Date',
  options: 'Choose:',
  several: 'Choose every answer that fits.',
  answerKey: 'Answer key',
  withAnswerKey: 'Add an answer key page',
  print: 'Print',
  back: 'Back',
  nothing: 'No questions to print.',
  printHint: 'Printed on A4, without the app around it.',
});
