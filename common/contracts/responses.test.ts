import { describe, expect, it } from 'vitest';
import type { z } from '../zod.ts';
import {
  AuditEntry,
  AuthCheckResponse,
  CalendarItem,
  Candidate,
  ChildResponse,
  DayCount,
  DraftsPatchResponse,
  DraftsResponse,
  LanguageResponse,
  MarkingCount,
  MarkingInboxItem,
  MarkingItem,
  MarkSuggestion,
  ModifyResult,
  ParentResponse,
  PictureResponse,
  QuestionOnly,
  QuestionStudent,
  QuestionTopic,
  Remarked,
  ReviewCounts,
  ReviewItem,
  ReviewSchedule,
  ReviewSetting,
  RosterStudent,
  ServiceResponse,
  StopwatchRecord,
  StudentWithSubscriptions,
  SubmissionQuestion,
  SubmissionReview,
  SubmissionSummary,
  SubmissionsPage,
  Topic,
  TopicStat,
  UserCard,
  UserResponse,
  WallPost,
  WallPostForModeration,
} from './responses.ts';

/**
 * The response contracts. The server checks every answer against them in its tests
 * (CHECK_RESPONSES); these unit tests hold each shape on its own: a valid answer of every shape
 * parses to itself (nothing dropped), and the variants that matter are refused — a field missing, a
 * wrong type, a count below 0, an id of 0, a mark outside −1, 0, 1, a value outside its list.
 */

const at = '2026-03-10T10:00:00+09:00';
const userCard = {
  id: 7,
  email: 'ann@example.com',
  username: 'ann',
  role: 'STUDENT',
  imageURL: '/avatars/a.png',
  services: ['Tutoring'],
};
const userResponse = {
  ...userCard,
  totalQuestions: 12,
  totalSubmissions: 15,
  averageScore: 66.67,
  toSolve: 3,
};
const subscription = { id: 3, service: { id: 1, name: 'Tutoring' } };
const questionBase = {
  id: 11,
  title: 'Loops',
  question: 'What does this print?',
  type: 'm',
  candidates: [
    { id: 1, value: '1' },
    { id: 2, value: '2' },
  ],
  hint: null,
  generatedDate: at,
  topics: ['java'],
  pictures: [{ id: 'a'.repeat(64), part: 'question', alt: 'A loop drawn', width: 640, height: 480 }],
};
const questionOnly = { ...questionBase, answer: '2', explanation: 'It counts twice.' };
const review = { dueDay: '2026-03-12', due: false, step: 2, pinned: true };
const submission = {
  id: 40,
  question: questionOnly,
  studentAnswer: '1',
  submitDate: at,
  targetDate: '2026-03-11T18:00:00+09:00',
  marked: -1,
  redo: true,
  review,
};
const suggestion = { mark: -1, reason: 'earlier', count: 2 };
const summary = {
  total: 5,
  correct: 2,
  wrong: 1,
  unmarked: 2,
  redos: 1,
  corrected: 1,
  firstDueDate: at,
  lastDueDate: null,
};
const sort = { empty: false, sorted: true, unsorted: false };
const page = {
  content: [submission],
  pageable: { pageNumber: 1, pageSize: 1, sort, offset: 1, paged: true, unpaged: false },
  totalPages: 3,
  totalElements: 3,
  size: 1,
  number: 1,
  numberOfElements: 1,
  first: false,
  last: false,
  empty: false,
  sort,
  summary,
  marks: [1, -1, 0],
};
const reviewItem = {
  questionId: 11,
  title: 'Loops',
  topics: ['java'],
  status: 'later',
  dueDay: '2026-03-12',
  step: 1,
  scheduled: true,
  ladder: [1, 3, 7],
  pinned: false,
};
const reviewSetting = { topic: 'java', enabled: true, ladder: [2, 4] };
const stopwatchRecord = {
  id: 5,
  relatedID: 4,
  name: 'Anonymous',
  type: 'p',
  generatedDate: at,
  elapsedTime: 6123,
  time: '00:01:01',
  yearAgo: 0,
  monthAgo: 0,
  dayAgo: 1,
  hourAgo: 26,
  minAgo: 1570,
};
const authCheck = {
  username: 'ann',
  role: 'ADMIN,TEACHER',
  roles: ['ROLE_ADMIN', 'ROLE_TEACHER'],
  timeZone: 'Asia/Seoul',
  language: 'ko',
};
const auditEntry = { id: 1, at, actor: 'admin', action: 'calendar.reload', target: 'ann', detail: '4 days' };
const wallPost = { id: 9, author: 'Jin', message: 'Hello', createdDate: at };

/** Every shape with one valid answer written out. */
const valid: [string, z.ZodType, unknown][] = [
  ['AuthCheckResponse', AuthCheckResponse, authCheck],
  ['LanguageResponse', LanguageResponse, { language: null }],
  ['UserCard', UserCard, userCard],
  ['UserResponse', UserResponse, userResponse],
  ['PictureResponse', PictureResponse, { ...userResponse, averageScore: null, url: '/avatars/a.png' }],
  ['ChildResponse', ChildResponse, { id: 7, name: 'ann', imageURL: '/a.png', subscriptions: [subscription] }],
  [
    'ParentResponse',
    ParentResponse,
    { id: 2, username: 'mom', email: 'mom@example.com', children: [{ id: 7, name: 'ann' }] },
  ],
  [
    'StudentWithSubscriptions',
    StudentWithSubscriptions,
    { id: 7, name: 'ann', email: 'ann@example.com', url: null, subscriptions: [subscription] },
  ],
  ['ServiceResponse', ServiceResponse, { id: 1, name: 'Tutoring' }],
  ['RosterStudent', RosterStudent, { id: 7, name: 'ann', email: 'ann@example.com', url: '/a.png' }],
  ['AuditEntry', AuditEntry, auditEntry],
  ['Candidate', Candidate, { id: 1, value: 'a' }],
  [
    'QuestionStudent',
    QuestionStudent,
    { ...questionBase, targetDate: at, minLeft: 30, hourLeft: 5, dayLeft: 1 },
  ],
  ['QuestionOnly', QuestionOnly, questionOnly],
  ['SubmissionReview', SubmissionReview, review],
  ['SubmissionQuestion', SubmissionQuestion, submission],
  ['MarkingItem', MarkingItem, { ...submission, student: 'ann' }],
  ['MarkSuggestion', MarkSuggestion, suggestion],
  ['MarkingInboxItem', MarkingInboxItem, { ...submission, student: 'ann', suggestion }],
  ['MarkingCount', MarkingCount, { count: 4 }],
  ['SubmissionSummary', SubmissionSummary, summary],
  ['SubmissionsPage', SubmissionsPage, page],
  [
    'CalendarItem',
    CalendarItem,
    { year: 2026, month: 3, day: 10, student: { name: 'ann' }, solved: 2, unsolved: 1, toMark: 1 },
  ],
  [
    'DayCount',
    DayCount,
    { name: 'ann', date: '2026-03-10', correctCounts: 3, wrongCounts: 1, unmarkedCounts: 2 },
  ],
  ['Remarked', Remarked, { submissionId: 40, questionId: 11, student: 'ann', from: 0, to: 1 }],
  [
    'ModifyResult',
    ModifyResult,
    { count: 2, remarked: [{ submissionId: 40, questionId: 11, student: 'ann', from: 1, to: -1 }] },
  ],
  ['QuestionTopic', QuestionTopic, { id: 11, title: 'Loops', question: 'Why?', topics: ['java'] }],
  ['Topic', Topic, { id: 3, title: 'java' }],
  ['DraftsResponse', DraftsResponse, { answers: { 11: 'two' }, versions: { 11: 3, 12: 1 }, updatedAt: at }],
  [
    'DraftsPatchResponse',
    DraftsPatchResponse,
    { saved: { 11: 4 }, conflicts: { 12: { answer: 'three', version: 2 } }, closed: [13] },
  ],
  ['TopicStat', TopicStat, { topic: 'java', correctCount: 3, wrongCount: 1, totalCount: 4 }],
  ['ReviewCounts', ReviewCounts, { due: 1, later: 2, stuck: 3, retired: 4 }],
  ['ReviewItem', ReviewItem, reviewItem],
  ['ReviewSetting', ReviewSetting, reviewSetting],
  [
    'ReviewSchedule',
    ReviewSchedule,
    {
      student: 'ann',
      today: '2026-03-10',
      defaultLadder: [1, 3, 7, 14, 30],
      settings: [reviewSetting, { topic: null, enabled: false, ladder: [1] }],
      counts: { due: 1, later: 2, stuck: 0, retired: 0 },
      items: [reviewItem],
    },
  ],
  ['StopwatchRecord', StopwatchRecord, stopwatchRecord],
  ['WallPost', WallPost, wallPost],
  ['WallPostForModeration', WallPostForModeration, { ...wallPost, state: 'approved', moderatedDate: at }],
];

describe('response contracts', () => {
  it.each(valid)('%s: a valid answer parses to itself, every field kept', (_name, schema, value) => {
    expect(schema.parse(value)).toEqual(value);
  });

  it.each(valid)('%s: an answer missing a field is refused', (_name, schema, value) => {
    const fields = Object.keys(value as object);
    for (const field of fields) {
      const { [field]: _left, ...rest } = value as Record<string, unknown>;
      // `review` of a submission is the one optional field (only the review list has it).
      if (field === 'review') expect(schema.safeParse(rest).success).toBe(true);
      else expect(schema.safeParse(rest).success, `${field} left out`).toBe(false);
    }
  });

  /** The answer with one field replaced; the test fails unless the contract refuses it. */
  function refused(schema: z.ZodType, value: object, change: Record<string, unknown>) {
    return schema.safeParse({ ...value, ...change }).success === false;
  }

  it('counts are whole numbers from 0', () => {
    expect(MarkingCount.parse({ count: 0 })).toEqual({ count: 0 });
    expect(refused(MarkingCount, { count: 0 }, { count: -1 })).toBe(true);
    expect(refused(MarkingCount, { count: 0 }, { count: 1.5 })).toBe(true);
    expect(refused(MarkingCount, { count: 0 }, { count: '4' })).toBe(true);
    expect(refused(SubmissionSummary, summary, { wrong: -1 })).toBe(true);
    expect(refused(UserResponse, userResponse, { toSolve: -1 })).toBe(true);
  });

  it('ids are whole numbers from 1', () => {
    expect(refused(Topic, { id: 3, title: 'java' }, { id: 0 })).toBe(true);
    expect(refused(Topic, { id: 3, title: 'java' }, { id: -3 })).toBe(true);
    expect(refused(Topic, { id: 3, title: 'java' }, { id: 2.5 })).toBe(true);
    expect(Topic.parse({ id: 1, title: 'java' })).toEqual({ id: 1, title: 'java' });
    expect(refused(DraftsPatchResponse, { saved: {}, conflicts: {} }, { closed: [0] })).toBe(true);
  });

  it('a mark is −1, 0 or 1; a suggestion only −1 or 1', () => {
    for (const marked of [-1, 0, 1])
      expect(SubmissionQuestion.parse({ ...submission, marked }).marked).toBe(marked);
    expect(refused(SubmissionQuestion, submission, { marked: 2 })).toBe(true);
    expect(refused(SubmissionQuestion, submission, { marked: '1' })).toBe(true);
    expect(refused(SubmissionsPage, page, { marks: [1, 5] })).toBe(true);
    expect(MarkSuggestion.parse({ mark: 1, reason: 'exact', count: 0 })).toEqual({
      mark: 1,
      reason: 'exact',
      count: 0,
    });
    expect(refused(MarkSuggestion, suggestion, { mark: 0 })).toBe(true);
    expect(refused(MarkSuggestion, suggestion, { reason: 'guess' })).toBe(true);
    expect(refused(MarkSuggestion, suggestion, { count: -1 })).toBe(true);
  });

  it('nullable fields take null and nothing else; the others refuse null', () => {
    expect(AuthCheckResponse.parse({ ...authCheck, language: null }).language).toBeNull();
    expect(refused(AuthCheckResponse, authCheck, { language: 'fr' })).toBe(true);
    expect(refused(UserResponse, userResponse, { averageScore: '66' })).toBe(true);
    expect(refused(SubmissionSummary, summary, { total: null })).toBe(true);
    expect(refused(QuestionOnly, questionOnly, { answer: null })).toBe(true);
    expect(refused(QuestionOnly, questionOnly, { type: 'x' })).toBe(true);
    expect(
      refused(QuestionOnly, questionOnly, { pictures: [{ ...questionBase.pictures[0], part: 'hint' }] }),
    ).toBe(true);
    expect(
      refused(QuestionOnly, questionOnly, { pictures: [{ ...questionBase.pictures[0], width: 0 }] }),
    ).toBe(true);
    expect(refused(ReviewItem, reviewItem, { status: 'lost' })).toBe(true);
    expect(ReviewItem.parse({ ...reviewItem, status: 'stuck', dueDay: null }).dueDay).toBeNull();
    expect(refused(AuditEntry, auditEntry, { action: 'user.delete' })).toBe(true);
  });

  it('a stopwatch record: hundredths from 0, its type one of s, r, p, d', () => {
    expect(StopwatchRecord.parse({ ...stopwatchRecord, elapsedTime: 0, relatedID: null }).elapsedTime).toBe(
      0,
    );
    expect(refused(StopwatchRecord, stopwatchRecord, { elapsedTime: -1 })).toBe(true);
    expect(refused(StopwatchRecord, stopwatchRecord, { type: 'x' })).toBe(true);
    expect(
      refused(
        WallPostForModeration,
        { ...wallPost, state: 'pending', moderatedDate: null },
        { state: 'gone' },
      ),
    ).toBe(true);
  });

  it('a page holds only items of its shape', () => {
    expect(refused(SubmissionsPage, page, { content: [{ ...submission, redo: 'yes' }] })).toBe(true);
    expect(refused(SubmissionsPage, page, { summary: { ...summary, corrected: -1 } })).toBe(true);
  });

  it('the API description gives the formats and units', () => {
    expect(SubmissionQuestion.shape.submitDate.description).toBe(
      'ISO 8601 date-time with the app time zone’s offset',
    );
    expect(SubmissionReview.shape.dueDay.description).toBe('YYYY-MM-DD');
    expect(SubmissionQuestion.shape.marked.description).toBe('1 correct, -1 wrong, 0 not marked');
    expect(MarkSuggestion.shape.mark.description).toBe('1 correct, -1 wrong');
    expect(MarkSuggestion.shape.count.description).toBe(
      'for `earlier`: how many answers were marked so before; 0 otherwise',
    );
    expect(StopwatchRecord.shape.elapsedTime.description).toBe('Hundredths of a second');
    expect(StopwatchRecord.shape.time.description).toBe('elapsedTime as HH:MM:SS');
  });
});
