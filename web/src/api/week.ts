import type { Week } from '../../../common/contracts/week.ts';
import { apiJson } from './client.ts';

/** A child's week, apart so that only the week page carries it. */
export const weekApi = {
  week: (name: string, start: string | null) =>
    apiJson<Week>(`week/${encodeURIComponent(name)}`, start ? { query: { start } } : {}),
  key: (name: string, start: string | null) => ['week', name, start ?? 'this'] as const,
};
