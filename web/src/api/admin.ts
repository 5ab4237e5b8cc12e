import { useQuery } from '@tanstack/react-query';
import type {
  AuditEntry,
  MailQueue,
  ParentResponse,
  ServiceResponse,
  StudentWithSubscriptions,
  SubscriptionPair,
  UserCard,
} from '../../../common/contracts/admin.ts';
import type { Page } from '../../../common/contracts/paging.ts';
import type { WallPostForModeration, WallState } from '../../../common/contracts/portfolio.ts';
import type { QuestionTopic, Topic } from '../../../common/contracts/tutoring.ts';
import type { PictureResponse, ResetLinkResponse, UserResponse } from '../../../common/contracts/users.ts';
import { apiJson } from './client.ts';

const part = encodeURIComponent;

/** The admin console's calls (docs/product.md, "Admin console"). */
export const adminApi = {
  services: () => apiJson<string[]>('services'),
  /** The name as plain text, not JSON. */
  createService: (name: string) =>
    apiJson<ServiceResponse>('services', { method: 'POST', body: name, text: true }),
  students: () => apiJson<StudentWithSubscriptions[]>('student'),
  subscribe: (pairs: SubscriptionPair[]) =>
    apiJson<number>('subscriptions/multiples', { method: 'POST', body: pairs }),
  unsubscribe: (student: string, service: string) =>
    apiJson<string[]>(`subscriptions/${part(student)}/${part(service)}`, { method: 'DELETE' }),
  reloadCalendar: (name: string) => apiJson<number>(`calendars/${part(name)}`, { method: 'PATCH' }),
  reloadTopicStats: (name: string) =>
    apiJson<number>(`stats/topics/reload/${part(name)}`, { method: 'PATCH' }),
  users: (q: string, page: number, size: number) =>
    apiJson<Page<UserCard>>('users', { query: { q: q || undefined, page, size, sort: 'username,asc' } }),
  updateUser: (change: { id: number; username?: string; email?: string; role?: string }) =>
    apiJson<UserResponse>('users', { method: 'PATCH', body: change }),
  uploadPicture: (username: string, picture: File) => {
    const form = new FormData();
    form.append('username', username);
    form.append('image', picture);
    return apiJson<PictureResponse>('users/image', { method: 'PATCH', body: form });
  },
  /** A password reset link for the account, to show once (audited). */
  resetLink: (id: number) =>
    apiJson<ResetLinkResponse>('users/password-reset/link', { method: 'POST', body: { id } }),
  parents: () => apiJson<ParentResponse[]>('users/parents'),
  linkChild: (parent: string, child: string) =>
    apiJson<ParentResponse>(`users/children/${part(parent)}`, { method: 'POST', body: [child] }),
  unlinkChild: (parent: string, child: string) =>
    apiJson<ParentResponse>(`users/children/${part(parent)}/${part(child)}`, { method: 'DELETE' }),
  questions: (title: string, page: number, size: number) =>
    apiJson<Page<QuestionTopic>>(title ? 'questions/topics/search' : 'questions/topics', {
      query: { title: title || undefined, page, size, sort: 'id,desc' },
    }),
  topics: () => apiJson<Topic[]>('topics'),
  createTopic: (title: string) => apiJson<Topic>('topics', { method: 'POST', body: title, text: true }),
  linkTopics: (questionIds: number[], topics: string[]) =>
    apiJson<unknown>('questions/topics', { method: 'PATCH', body: { questionIds, topics } }),
  audit: () => apiJson<AuditEntry[]>('audit'),
  mailQueue: () => apiJson<MailQueue>('mail/outbox'),
  wall: (state: WallState | null, page: number, size: number) =>
    apiJson<Page<WallPostForModeration>>('wall/moderation', {
      query: { state: state ?? undefined, page, size },
    }),
  moderate: (id: number, state: 'approved' | 'hidden') =>
    apiJson<WallPostForModeration>(`wall/moderation/${id}`, { method: 'PATCH', body: { state } }),
  deletePost: (id: number) => apiJson<null>(`wall/moderation/${id}`, { method: 'DELETE' }),
};

export const adminKeys = {
  all: ['admin'] as const,
  services: ['admin', 'services'] as const,
  students: ['admin', 'students'] as const,
  users: (q: string, page: number, size: number) => ['admin', 'users', q, page, size] as const,
  parents: ['admin', 'parents'] as const,
  questions: (title: string, page: number, size: number) =>
    ['admin', 'questions', title, page, size] as const,
  topics: ['admin', 'topics'] as const,
  audit: ['admin', 'audit'] as const,
  mailQueue: ['admin', 'mail'] as const,
  wall: (state: string, page: number, size: number) => ['admin', 'wall', state, page, size] as const,
};

/** Every student with their services (the services matrix, parents, reloads). */
export function useAdminStudents() {
  return useQuery({ queryKey: adminKeys.students, queryFn: adminApi.students });
}
