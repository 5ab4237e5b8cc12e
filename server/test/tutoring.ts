import { formatDateTime } from '../../common/dates.ts';
import type { TestApp, TestUser } from './harness.ts';

/** Helpers for tutoring tests: questions, due dates and JSON calls. */
export function dueIn(t: TestApp, hours: number): string {
  return formatDateTime(new Date(t.clock.now().getTime() + hours * 3_600_000), t.config.timeZone);
}

export async function call(t: TestApp, as: TestUser | null, method: string, url: string, body?: unknown) {
  return t.request({
    method: method as 'GET',
    url,
    as,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
  });
}

export type QuestionInput = {
  title?: string;
  question?: string;
  type?: 'm' | 'M' | 's';
  candidates?: string[];
  answer?: string;
  explanation?: string;
  hint?: string | null;
  topics?: string[];
  students?: string[];
  targetDate?: string;
  generatedDate?: string;
  pictures?: { id: string; part: 'question' | 'explanation'; alt: string }[];
};

export function questionBody(t: TestApp, input: QuestionInput = {}) {
  const type = input.type ?? 'm';
  return {
    title: input.title ?? 'Loops',
    question: input.question ?? 'What does this print?&code:for (int i = 0; i < 2; i++) System.out.print(i);',
    type,
    candidates: input.candidates ?? (type === 's' ? [] : ['01', '12', '012']),
    answer: input.answer ?? (type === 'M' ? '["01","012"]' : type === 's' ? 'zero then one' : '01'),
    explanation: input.explanation ?? 'i takes 0 then 1.',
    hint: input.hint ?? 'Count the iterations.',
    topics: input.topics ?? ['Loops', ' java '],
    students: input.students ?? [],
    targetDate: input.targetDate ?? dueIn(t, 48),
    ...(input.generatedDate ? { generatedDate: input.generatedDate } : {}),
    ...(input.pictures ? { pictures: input.pictures } : {}),
  };
}

export async function createQuestion(
  t: TestApp,
  teacher: TestUser,
  input: QuestionInput = {},
): Promise<number> {
  const response = await call(t, teacher, 'POST', '/api/v1/questions', questionBody(t, input));
  if (response.statusCode !== 200)
    throw new Error(`create question: ${response.statusCode} ${response.body}`);
  return response.json() as number;
}
