import { useQuery } from '@tanstack/react-query';
import type { Page } from '../../../common/contracts/paging.ts';
import type { ModifyResult, QuestionOnly, RosterStudent, Topic } from '../../../common/contracts/tutoring.ts';
import { apiJson } from './client.ts';

export type SearchField = 'all' | 'question' | 'answer' | 'title' | 'explanation' | 'choice' | 'hint';

export type NewQuestion = {
  title: string;
  question: string;
  type: 'm' | 'M' | 's';
  candidates: string[];
  hint: string | null;
  students: string[];
  topics: string[];
  answer: string;
  explanation: string;
  generatedDate: string;
  targetDate: string;
  pictures: { id: string; part: 'question' | 'explanation'; alt: string }[];
};

export type QuestionChange = { id: number } & Partial<Omit<NewQuestion, 'students' | 'targetDate'>>;

export const authoringApi = {
  questions: (paging: { page: number; size: number }, search?: { field: SearchField; q: string }) =>
    apiJson<Page<QuestionOnly>>('questions', {
      query: {
        page: paging.page,
        size: paging.size,
        sort: ['generatedDate,desc', 'id,asc'],
        field: search?.q ? search.field : undefined,
        q: search?.q || undefined,
      },
    }),
  create: (question: NewQuestion) => apiJson<number>('questions', { method: 'POST', body: question }),
  bulk: (questions: unknown[]) => apiJson<number>('questions/multiples', { method: 'POST', body: questions }),
  modify: (changes: QuestionChange[]) =>
    apiJson<ModifyResult>('questions/multiples', { method: 'PATCH', body: changes }),
  assign: (questionIds: number[], names: string[], targetDate: string) =>
    apiJson<number>('assignments', { method: 'POST', body: { questionIds, names, targetDate } }),
  students: () => apiJson<RosterStudent[]>('student'),
  topics: () => apiJson<Topic[]>('topics'),
};

export const authoringKeys = {
  questions: (page: number, size: number, field: string, q: string) =>
    ['questions', page, size, field, q] as const,
  students: ['students'] as const,
};

/**
 * A page of questions, newest first, found by `search`. `cacheAs` names the page's own cache
 * entries: the archive's search field (the default), or 'modify' for the modify page's list.
 */
export function useQuestions(
  page: number,
  size: number,
  search: { field: SearchField; q: string },
  cacheAs: string = search.field,
) {
  return useQuery({
    queryKey: authoringKeys.questions(page, size, cacheAs, search.q),
    queryFn: () => authoringApi.questions({ page, size }, search),
  });
}

/** The students to give questions to (upload, marking's filter). */
export function useStudents(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: authoringKeys.students, queryFn: authoringApi.students, ...options });
}
