import type { Page } from '../../../common/contracts/paging.ts';
import type { QuestionOnly } from '../../../common/contracts/tutoring.ts';
import { MAX_PAGE_SIZE } from '../../../common/limits.ts';
import { apiJson } from './client.ts';

/**
 * A student's pending questions with their answers, from the archive (staff): the Teacher page's
 * worksheet answer key. A module of its own so that only the worksheet's chunk carries it.
 */
export function pendingWithAnswers(name: string): Promise<Page<QuestionOnly>> {
  return apiJson<Page<QuestionOnly>>('questions', { query: { page: 0, size: MAX_PAGE_SIZE, student: name } });
}
