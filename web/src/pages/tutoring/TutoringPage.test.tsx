import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuestionStudent } from '../../../../common/contracts/tutoring.ts';
import { submissionTexts as koSubmissions } from '../../../../common/i18n/ko/submissionTexts.ts';
import * as ko from '../../../../common/i18n/ko/tutoringTexts.ts';
import { submissionTexts } from '../../../../common/submissionTexts.ts';
import { pageOf } from '../../../test/fixtures.ts';
import { jsonFetch, renderPage } from '../../../test/renderPage.tsx';
import { showLanguage } from '../../i18n/language.ts';
import { TutoringPage } from './TutoringPage.tsx';

const question = (overrides: Partial<QuestionStudent>): QuestionStudent => ({
  id: 7,
  title: '덧셈',
  question: '2 + 2 = ?',
  type: 'm',
  candidates: [
    { id: 1, value: '3' },
    { id: 2, value: '4' },
  ],
  hint: '하나씩 세어 보세요.',
  generatedDate: '2026-11-23T09:00:00+09:00',
  topics: ['수학'],
  pictures: [],
  targetDate: '2026-11-25T09:00:00+09:00',
  minLeft: 2880,
  hourLeft: 48,
  dayLeft: 2,
  ...overrides,
});

function stubApi(questions: QuestionStudent[]) {
  vi.stubGlobal(
    'fetch',
    jsonFetch({
      'users/auth-check': { username: 'minji', roles: ['ROLE_STUDENT'], timeZone: 'Asia/Seoul' },
      'questions/student/minji': pageOf(questions),
      'assignments/ids/minji': questions.map((q) => q.id),
      'GET drafts/minji': { answers: {}, versions: {}, updatedAt: null },
      'PATCH drafts/minji': (init?: RequestInit) => {
        const { changes } = JSON.parse(String(init!.body)) as { changes: Record<string, unknown> };
        return {
          saved: Object.fromEntries(Object.keys(changes).map((id) => [id, 1])),
          conflicts: {},
          closed: [],
        };
      },
    }),
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await showLanguage('en');
});

/** Words of the page that are not the question's own content: no English may be left among them. */
function englishLeft(container: HTMLElement, own: readonly string[]): string[] {
  let text = container.textContent ?? '';
  for (const word of own) text = text.split(word).join(' ');
  return text.match(/[A-Za-z]{2,}/g) ?? [];
}

describe('TutoringPage in Korean', () => {
  it('shows the page, the card, the panel and the confirm in Korean, with no English left', async () => {
    await showLanguage('ko');
    stubApi([question({ id: 7 }), question({ id: 8, title: '뺄셈', type: 's', candidates: [], hint: null })]);
    const user = userEvent.setup();
    const { container } = renderPage(<TutoringPage />, { path: '/tutoring/:name', at: '/tutoring/minji' });

    expect(await screen.findByRole('heading', { name: 'minji의 문제', level: 1 })).toBeTruthy();
    await screen.findByRole('heading', { name: '1. 덧셈' });
    const { tutoringTexts: t } = ko;
    expect(screen.getByRole('heading', { name: t.answerTitle })).toBeTruthy();
    expect(screen.getByText(t.jumpTo)).toBeTruthy();
    expect(screen.getAllByText('2일 남음', { exact: false })).toHaveLength(2);
    expect(screen.getAllByText(t.hintLabel)).toHaveLength(1);
    expect(screen.getByRole('group', { name: '문제 1: 답을 하나 고르세요' })).toBeTruthy();
    expect(screen.getByLabelText('문제 2의 답')).toBeTruthy();
    expect(screen.getByText('0 / 10,000자')).toBeTruthy();
    expect(screen.getByLabelText('페이지당 문제 수')).toBeTruthy();
    expect(screen.getByText('1쪽 중 1쪽')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('2문제 중 0문제 답함')).toBeTruthy());

    await user.click(screen.getByRole('radio', { name: '4' }));
    await waitFor(() => expect(screen.getByText('2문제 중 1문제 답함')).toBeTruthy());
    expect(screen.getByRole('button', { name: '문제 1, 답함' })).toBeTruthy();
    // The save line's words load once there is something to say.
    expect(await screen.findByText('답을 저장했습니다', {}, { timeout: 5000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: t.submitAll }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('제출할까요?');
    expect(within(dialog).getByRole('button', { name: '확인' })).toBeTruthy();
    expect(englishLeft(container, ['minji', '2 + 2 = ?'])).toEqual([]);
    expect(englishLeft(dialog, [])).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(englishLeft(container, ['minji', '2 + 2 = ?'])).toEqual([]);
  });

  it('says there is no question for today in Korean, with the links to Review and Submissions', async () => {
    await showLanguage('ko');
    stubApi([]);
    renderPage(<TutoringPage />, { path: '/tutoring/:name', at: '/tutoring/minji' });
    expect(await screen.findByRole('heading', { name: koSubmissions.noQuestions })).toBeTruthy();
    expect(screen.getByRole('link', { name: '복습' }).getAttribute('href')).toBe('/review/minji');
    expect(screen.getByRole('link', { name: '제출 내역' }).getAttribute('href')).toBe('/submission/minji');
    expect(await screen.findByText(koSubmissions.panelEmpty)).toBeTruthy();
  });

  it('keeps the English words of the English interface', async () => {
    stubApi([]);
    renderPage(<TutoringPage />, { path: '/tutoring/:name', at: '/tutoring/minji' });
    expect(
      await screen.findByRole('heading', { name: "Oops! It seems there's no question for today's session." }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your Answers' })).toBeTruthy();
    expect(submissionTexts.confirmSubmit).toBe('Are you sure to submit?');
    expect(submissionTexts.review.solveAll).toBe('You should solve all questions');
    expect(screen.getByText('Nothing is waiting for an answer.', { exact: false }).textContent).toBe(
      'Nothing is waiting for an answer. Redo wrong answers in Review, or see the results in Submissions.',
    );
  });
});
