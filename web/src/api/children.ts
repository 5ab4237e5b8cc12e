import type { ChildResponse } from '../../../common/contracts/users.ts';
import { apiJson } from './client.ts';

/**
 * A parent's children, for the header's links. The same call and cache key as the
 * dashboard's list (api/profile.ts), kept apart so the header does not bring the dashboard's module.
 */
export const childrenApi = {
  list: (name: string) => apiJson<ChildResponse[]>(`users/children/${encodeURIComponent(name)}`),
  key: (name: string) => ['children', name.toLowerCase()] as const,
};
