import { useQuery } from '@tanstack/react-query';
import type { MathDayCount, MathIssued } from '../../../common/contracts/math.ts';
import type { Page } from '../../../common/contracts/paging.ts';
import { apiJson, isApiError } from './client.ts';

/** The timed addition drill's calls (docs/api.md, "The timed addition drill"). */
export const mathApi = {
  /** Answers given on a day (`YYYY-MM-DD`; left out: today, as the server's APP_TIME_ZONE counts it). */
  dayCount: (name: string, day?: string) =>
    apiJson<number>('simple_math/day_count', { query: { name, submitDate: day } }),
  /** The next question the server issues (the open one again until it is answered). */
  next: (name: string) => apiJson<MathIssued>('simple_math/next', { method: 'POST', query: { name } }),
  answer: (body: {
    name: string;
    questionId: number;
    question: string;
    answer: number;
    submitDate: string;
  }) => apiJson<number>('simple_math', { method: 'POST', body }),
  days: (name: string, page: number, size: number) =>
    apiJson<Page<MathDayCount>>('simple_math/day_counts/page', {
      query: { name, page, size, sort: 'date,desc' },
    }),
  /** The newest day with answers, or null before the first. */
  latestDay: async (name: string): Promise<MathDayCount | null> => {
    try {
      return await apiJson<MathDayCount>('simple_math/day_counts/latest', { query: { name } });
    } catch (error) {
      if (isApiError(error, 404)) return null;
      throw error;
    }
  },
  /** Every day's correct and wrong answers added up. */
  totals: async (name: string): Promise<{ correct: number; wrong: number }> => {
    const [correct, wrong] = await Promise.all([
      apiJson<number>('simple_math/count/right', { query: { name } }),
      apiJson<number>('simple_math/count/wrong', { query: { name } }),
    ]);
    return { correct, wrong };
  },
};

/**
 * Whether the signed-in person plays the drill as `name`: only the student themself is offered
 * Start (the server also lets staff answer for a student, but a teacher's answers would fill the
 * child's results; a parent may only read).
 */
export function playsAs(
  me: { username: string; roles: readonly string[] } | undefined,
  name: string,
): boolean {
  return !!me && me.roles.includes('ROLE_STUDENT') && me.username.toLowerCase() === name.toLowerCase();
}

export const mathKeys = {
  all: (name: string) => ['math', name.toLowerCase()] as const,
  today: (name: string) => ['math', name.toLowerCase(), 'today'] as const,
  days: (name: string, page: number, size: number) =>
    ['math', name.toLowerCase(), 'days', page, size] as const,
  latestDay: (name: string) => ['math', name.toLowerCase(), 'latest'] as const,
  totals: (name: string) => ['math', name.toLowerCase(), 'totals'] as const,
};

/** A page of a student's drill days, newest first: the dashboard's recent days and the results. */
export function useMathDays(name: string, page: number, size: number) {
  return useQuery({
    queryKey: mathKeys.days(name, page, size),
    queryFn: () => mathApi.days(name, page, size),
  });
}
