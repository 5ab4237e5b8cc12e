import type { Page } from '../../../common/contracts/paging.ts';
import type { QuestionOnly } from '../../../common/contracts/tutoring.ts';
import { MAX_PAGE_SIZE } from '../../../common/limits.ts';
import { apiJson } from './client.ts';

/**
 * A student's pending questions with their answers, from the archive (staff): the Teacher page's
 * worksheet answer key. Apart from the authoring calls, which the tutoring page's first load carries.
 */
export function pendingWithAnswers(name: string): Promise<Page<QuestionOnly>> {
  return apiJson<Page<QuestionOnly>>('questions', { query: { page: 0, size: MAX_PAGE_SIZE, student: name } });
}
