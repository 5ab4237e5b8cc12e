import { type Page, toPage } from '../../common/contracts/paging.ts';
import type { QuestionOnly, SubmissionQuestion } from '../../common/contracts/tutoring.ts';

/** A page in the API's shape holding `content` (page 0 unless said, of `total` items). */
export function pageOf<T>(
  content: T[],
  options: { page?: number; size?: number; total?: number } = {},
): Page<T> {
  const size = options.size ?? 5;
  return toPage(content, { page: options.page ?? 0, size, sort: [] }, options.total ?? content.length);
}

/** A question as teachers see it (with answer and explanation). */
export function questionOnly(overrides: Partial<QuestionOnly> = {}): QuestionOnly {
  return {
    id: 8,
    title: 'Loops',
    question: 'What does it print?',
    type: 's',
    candidates: [],
    hint: null,
    generatedDate: '2026-03-10T10:00:00+09:00',
    topics: [],
    pictures: [],
    answer: '01',
    explanation: 'i is 0 then 1.',
    ...overrides,
  };
}

/** A submission with its question. */
export function submission(overrides: Partial<SubmissionQuestion> = {}): SubmissionQuestion {
  return {
    id: 100,
    question: questionOnly(),
    studentAnswer: '01',
    submitDate: '2026-03-10T11:00:00+09:00',
    targetDate: '2026-03-11T18:00:00+09:00',
    marked: 0,
    redo: false,
    ...overrides,
  };
}

/** An API error answer. */
export function apiError(status: number, message: string, details?: { path: string; message: string }[]) {
  return Response.json({ status, error: 'Error', message, ...(details ? { details } : {}) }, { status });
}
