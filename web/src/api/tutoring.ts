import type { Page } from '../../../common/contracts/paging.ts';
import type {
  DraftsPatchResponse,
  DraftsResponse,
  QuestionStudent,
  SubmissionQuestion,
  SubmissionSummary,
} from '../../../common/contracts/tutoring.ts';
import type { Mark } from '../../../common/questions/rules.ts';
import { apiJson } from './client.ts';

export type PageParams = { page: number; size: number; sort?: string[] };
/** A page of submissions, the summary over all of them, and every one's mark in the page's order. */
export type SubmissionsPage = Page<SubmissionQuestion> & { summary: SubmissionSummary; marks: Mark[] };
export type DraftAnswers = Record<string, string>;
/** An answer to send, with the version of the draft it was typed from (0: none). */
export type AnswerToSend = { questionId: number; studentAnswer: string; draftVersion: number };

const named = (path: string, name: string) => `${path}/${encodeURIComponent(name)}`;

export const tutoringApi = {
  pendingQuestions: (name: string, paging: PageParams, date?: string | null) =>
    apiJson<Page<QuestionStudent>>(named('questions/student', name), {
      query: {
        page: paging.page,
        size: paging.size,
        sort: paging.sort ?? ['targetDate,asc'],
        date: date ?? undefined,
      },
    }),
  // The same order as pendingQuestions sends: without a sort the server answers them by id.
  pendingIds: (name: string, date?: string | null) =>
    apiJson<number[]>(named('assignments/ids', name), {
      query: { sort: 'targetDate,asc', date: date ?? undefined },
    }),
  drafts: (name: string) => apiJson<DraftsResponse>(named('drafts', name)),
  patchDrafts: (name: string, changes: Record<string, { answer: string; version: number }>) =>
    apiJson<DraftsPatchResponse>(named('drafts', name), { method: 'PATCH', body: { changes } }),
  submit: (name: string, answers: readonly AnswerToSend[]) =>
    apiJson<SubmissionQuestion[]>('submissions/multiples', {
      method: 'POST',
      body: answers.map((a) => ({ ...a, studentName: name.toLowerCase() })),
    }),
  submissions: (name: string, paging: PageParams, date?: string | null) =>
    apiJson<SubmissionsPage>(named('submissions', name), {
      query: {
        page: paging.page,
        size: paging.size,
        sort: paging.sort ?? ['question.generatedDate,desc', 'id,asc'],
        date: date ?? undefined,
      },
    }),
  review: (name: string, paging: PageParams) =>
    apiJson<Page<SubmissionQuestion>>(named('submissions/review', name), {
      query: {
        page: paging.page,
        size: paging.size,
        sort: paging.sort ?? ['question.generatedDate,desc', 'id,asc'],
      },
    }),
  redo: (name: string, answers: readonly AnswerToSend[]) =>
    apiJson<SubmissionQuestion[]>(named('submissions/review', name), { method: 'POST', body: answers }),
  mark: (name: string, marks: Record<string, number>) =>
    apiJson<SubmissionQuestion[]>(named('submissions/mark', name), { method: 'PUT', body: marks }),
};

export const tutoringKeys = {
  pending: (name: string, page: number, size: number, date: string | null) =>
    ['pending', name.toLowerCase(), page, size, date] as const,
  pendingIds: (name: string, date: string | null = null) =>
    ['pending-ids', name.toLowerCase(), date] as const,
  drafts: (name: string) => ['drafts', name.toLowerCase()] as const,
  submissions: (name: string, page: number, size: number, date: string | null) =>
    ['submissions', name.toLowerCase(), page, size, date] as const,
  review: (name: string, page: number, size: number) => ['review', name.toLowerCase(), page, size] as const,
};
