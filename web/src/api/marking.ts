import type { Page } from '../../../common/contracts/paging.ts';
import type { MarkingCount, MarkingInboxItem, MarkingItem } from '../../../common/contracts/tutoring.ts';
import { apiJson } from './client.ts';

export type MarkingFilter = { student: string | null; date: string | null };

/** The marking inbox: every student's unmarked answers, their count, one submit. */
export const markingApi = {
  inbox: (filter: MarkingFilter, paging: { page: number; size: number }) =>
    apiJson<Page<MarkingInboxItem>>('marking', {
      query: { student: filter.student, date: filter.date, page: paging.page, size: paging.size },
    }),
  count: () => apiJson<MarkingCount>('marking/count'),
  mark: (marks: Record<string, number>) => apiJson<MarkingItem[]>('marking', { method: 'PUT', body: marks }),
};

export const markingKeys = {
  all: ['marking'] as const,
  count: ['marking', 'count'] as const,
  inbox: (filter: MarkingFilter, page: number, size: number) =>
    ['marking', 'inbox', filter.student?.toLowerCase() ?? null, filter.date, page, size] as const,
};
