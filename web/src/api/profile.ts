import { useQuery } from '@tanstack/react-query';
import type { Page } from '../../../common/contracts/paging.ts';
import type { DayCount } from '../../../common/contracts/tutoring.ts';
import type {
  ChildResponse,
  MailSwitches,
  MailSwitchRequest,
  PasswordChangeRequest,
  PictureResponse,
  ProfileUpdateRequest,
  UserResponse,
} from '../../../common/contracts/users.ts';
import { apiJson, isApiError } from './client.ts';

/** A topic's statistics (`GET stats/topics/page/{name}`). */
export type TopicStat = { topic: string; correctCount: number; wrongCount: number; totalCount: number };

const named = (path: string, name: string) => `${path}/${encodeURIComponent(name)}`;

/** A read whose 404 means "none yet" (the latest day of a student who has not answered). */
async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

/**
 * The dashboard's and the statistics page's calls, apart from the sign-in path's `api/users.ts`,
 * so the first load of /login does not carry them.
 */
export const profileApi = {
  update: (change: ProfileUpdateRequest) => apiJson<UserResponse>('users', { method: 'PATCH', body: change }),
  uploadPicture: (username: string, picture: File) => {
    const form = new FormData();
    form.append('username', username);
    form.append('image', picture);
    return apiJson<PictureResponse>('users/image', { method: 'PATCH', body: form });
  },
  /** The signed-in person's new password; their other sessions end. */
  changePassword: (body: PasswordChangeRequest) => apiJson<null>('users/password', { method: 'PUT', body }),
  subscriptions: (name: string) => apiJson<string[]>('subscriptions', { query: { name } }),
  children: (name: string) => apiJson<ChildResponse[]>(named('users/children', name)),
  pendingCount: (name: string) => apiJson<number>(named('assignments/count', name)),
  latestDay: (name: string) =>
    orNull(apiJson<DayCount>('submissions/day_counts/latest', { query: { name } })),
  days: (name: string) => apiJson<DayCount[]>('submissions/day_counts', { query: { name } }),
  topTopics: (name: string, size = 6) =>
    apiJson<Page<TopicStat>>(named('stats/topics/page', name), {
      query: { page: 0, size, sort: 'totalCount,desc' },
    }),
  latestAssignment: (name: string) => apiJson<string | null>(named('assignments/latest', name)),
  /** The caller's notification mails, each on or off (docs/product.md, "Mail"). */
  mailSwitches: () => apiJson<MailSwitches>('mail/switches'),
  switchMail: (change: MailSwitchRequest) =>
    apiJson<MailSwitches>('mail/switches', { method: 'PUT', body: change }),
  /** A teacher's students (those given the teacher's questions), for the teacher's own dashboard. */
  teacherStudents: (name: string) =>
    apiJson<{ id: number; name: string; email: string; url: string | null }[]>(
      `${named('teacher', name)}/students`,
    ),
};

export const profileKeys = {
  subscriptions: (name: string) => ['subscriptions', name.toLowerCase()] as const,
  children: (name: string) => ['children', name.toLowerCase()] as const,
  latestDay: (name: string) => ['day-counts', name.toLowerCase(), 'latest'] as const,
  days: (name: string) => ['day-counts', name.toLowerCase()] as const,
  topTopics: (name: string) => ['topic-stats', name.toLowerCase()] as const,
  latestAssignment: (name: string) => ['latest-assignment', name.toLowerCase()] as const,
  teacherStudents: (name: string) => ['teacher-students', name.toLowerCase()] as const,
  mailSwitches: ['mail-switches'] as const,
};

/** A student's newest day with answers (null before the first): the dashboard and the statistics. */
export function useLatestDay(name: string) {
  return useQuery({ queryKey: profileKeys.latestDay(name), queryFn: () => profileApi.latestDay(name) });
}

/** A student's answers counted per day: the dashboard and the statistics. */
export function useDayCounts(name: string) {
  return useQuery({ queryKey: profileKeys.days(name), queryFn: () => profileApi.days(name) });
}
