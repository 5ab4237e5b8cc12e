import { useQuery } from '@tanstack/react-query';
import type { ReviewCounts, ReviewSchedule } from '../../../common/contracts/review.ts';
import { apiJson } from './client.ts';

const named = (path: string, name: string) => `${path}/${encodeURIComponent(name)}`;

/** Spaced review: the counts (header, stats), the tutor's schedule and its controls. */
export const reviewApi = {
  counts: (name: string) => apiJson<ReviewCounts>(named('review/count', name)),
  schedule: (name: string) => apiJson<ReviewSchedule>(named('review/schedule', name)),
  pin: (name: string, questionId: number) =>
    apiJson<ReviewSchedule>(named('review/pin', name), { method: 'POST', body: { questionId } }),
  retire: (name: string, questionId: number) =>
    apiJson<ReviewSchedule>(named('review/retire', name), { method: 'POST', body: { questionId } }),
  setting: (name: string, setting: { topic: string | null; enabled: boolean; ladder: number[] }) =>
    apiJson<ReviewSchedule>(named('review/settings', name), { method: 'PUT', body: setting }),
  removeSetting: (name: string, topic: string) =>
    apiJson<ReviewSchedule>(named('review/settings', name), { method: 'DELETE', query: { topic } }),
};

/**
 * Under `['review', name]`, so the Review page's invalidation after a redo (its list is
 * `['review', name, page, size]`) refreshes the header's count and the schedule too.
 */
export const reviewKeys = {
  all: (name: string) => ['review', name.toLowerCase()] as const,
  counts: (name: string) => ['review', name.toLowerCase(), 'counts'] as const,
  schedule: (name: string) => ['review', name.toLowerCase(), 'schedule'] as const,
};

/** How many of a student's questions are due for review and how many are stuck (header, stats, review). */
export function useReviewCounts(name: string, options: { enabled?: boolean; staleTime?: number } = {}) {
  return useQuery({ queryKey: reviewKeys.counts(name), queryFn: () => reviewApi.counts(name), ...options });
}
