import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarkingInboxItem, MarkSuggestion } from '../../../../common/contracts/tutoring.ts';
import { apiError, pageOf, questionOnly, submission } from '../../../test/fixtures.ts';
import { jsonFetch, renderPage } from '../../../test/renderPage.tsx';
import { showLanguage } from '../../i18n/language.ts';
import { MarkingInboxPage, MarkingPage } from './MarkingPage.tsx';

const essay = questionOnly({
  id: 4,
  title: 'Essay',
  type: 's',
  answer: 'It repeats&code:&type=python:for i in range(2): print(i)',
  candidates: [],
});
const item = (
  id: number,
  student: string,
  studentAnswer: string,
  question = essay,
  suggestion: MarkSuggestion | null = null,
): MarkingInboxItem => ({
  ...submission({ id, question, studentAnswer, marked: 0 }),
  student,
  suggestion,
});

let sent: unknown[] = [];
let inboxUrls: string[] = [];
beforeEach(() => {
  sent = [];
  inboxUrls = [];
  const routes = jsonFetch({
    'GET marking': pageOf([
      item(11, 'ann', 'ann writes'),
      item(12, 'ben', 'ben writes&code:x = 1'),
      item(13, 'cy', 'cy writes', questionOnly({ id: 5, title: 'Story', type: 's', candidates: [] })),
    ]),
    'PUT marking': (init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)));
      return [];
    },
    student: [{ id: 1, name: 'ann', email: 'a@example.com', url: null }],
  });
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    if (url.includes('/marking?') || url.endsWith('/marking')) inboxUrls.push(url);
    return routes(url, init);
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('MarkingInboxPage', () => {
  it('groups answers by question with the model answer as code, never the raw marker', async () => {
    renderPage(<MarkingInboxPage />, { path: '/marking', at: '/marking' });
    const essayGroup = (await screen.findByRole('heading', { name: 'Essay' })).closest('section')!;
    expect(within(essayGroup).getAllByRole('listitem')).toHaveLength(2);
    expect(essayGroup.textContent).not.toContain('&code:');
    expect(essayGroup.textContent).not.toContain('&type=');
    expect(within(essayGroup).getByText('Python')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Story' })).toBeTruthy();
  });

  it('marks by keyboard: 1 correct, 2 wrong, arrows move, one submit sends every mark', async () => {
    const user = userEvent.setup();
    renderPage(<MarkingInboxPage />, { path: '/marking', at: '/marking' });
    const ann = await screen.findByRole('listitem', { name: "ann's answer to Essay" });
    ann.focus();
    await user.keyboard('1');
    // Marking moves on to Ben's answer; 2 marks it wrong and moves on to Cy's.
    expect(document.activeElement).toBe(screen.getByRole('listitem', { name: "ben's answer to Essay" }));
    await user.keyboard('2');
    expect(document.activeElement).toBe(screen.getByRole('listitem', { name: "cy's answer to Story" }));
    // Back up to Ben and change his mark to correct (focus moves on to Cy again).
    await user.keyboard('{ArrowUp}1');
    expect(document.activeElement).toBe(screen.getByRole('listitem', { name: "cy's answer to Story" }));
    // Up twice to Ann: 0 takes her mark back (and moves on to Ben); up and 1 marks her again.
    await user.keyboard('{ArrowUp}{ArrowUp}0');
    expect(within(ann).getByRole('button', { name: 'Unmarked' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('1 mark to submit')).toBeTruthy();
    await user.keyboard('{ArrowUp}1');
    expect(screen.getByText('2 marks to submit')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(sent).toEqual([{ 11: 1, 12: 1 }]));
  });

  it('filters by student and due day through the address', async () => {
    const user = userEvent.setup();
    renderPage(<MarkingInboxPage />, { path: '/marking', at: '/marking?date=2026-03-10' });
    await screen.findByRole('heading', { name: 'Essay' });
    expect(inboxUrls.at(-1)).toContain('date=2026-03-10');
    await user.selectOptions(await screen.findByLabelText('Student'), 'ann');
    await waitFor(() => expect(inboxUrls.at(-1)).toContain('student=ann'));
  });
});

describe('the due day filtered on, in words', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', jsonFetch({ 'GET marking': pageOf([]), student: [] }));
  });

  it('reads the day as people do in English, never YYYY-MM-DD', async () => {
    renderPage(<MarkingInboxPage />, { path: '/marking', at: '/marking?date=2026-03-10' });
    expect((await screen.findByText(/^Nothing to mark/)).textContent).toBe(
      'Nothing to mark due on Tue, 10 Mar 2026.',
    );
  });

  it('in Korean, with the student', async () => {
    await showLanguage('ko');
    try {
      renderPage(<MarkingPage />, { path: '/marking/:name', at: '/marking/ann?date=2026-11-25' });
      expect((await screen.findByText(/채점할 답이 없습니다/)).textContent).toBe(
        'ann 학생의 2026년 11월 25일 (수) 마감 채점할 답이 없습니다.',
      );
    } finally {
      await showLanguage('en');
    }
  });
});

describe('suggested marks', () => {
  const capital = questionOnly({ id: 6, title: 'Capital', type: 's', answer: 'Paris', candidates: [] });
  beforeEach(() => {
    const routes = jsonFetch({
      'GET marking': pageOf([
        item(21, 'ann', 'paris.', capital, { mark: 1, reason: 'normalised', count: 0 }),
        item(22, 'ben', 'Lyon', capital, { mark: -1, reason: 'earlier', count: 3 }),
        item(23, 'cy', 'Nice', capital),
        item(24, 'di', 'Paris', capital, { mark: 1, reason: 'exact', count: 0 }),
      ]),
      'PUT marking': (init?: RequestInit) => {
        sent.push(JSON.parse(String(init?.body)));
        return [];
      },
      student: [],
    });
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') inboxUrls.push(`PUT ${url}`);
      return routes(url, init);
    });
  });

  it('says what is suggested and why, to screen readers too; an answer without one says nothing', async () => {
    renderPage(<MarkingInboxPage />, { path: '/marking', at: '/marking' });
    const ann = await screen.findByRole('listitem', { name: "ann's answer to Capital" });
    expect(ann.getAttribute('aria-describedby')).toContain('suggestion-21');
    expect(document.getElementById('suggestion-21')!.textContent).toBe(
      'Suggested: Correct. Matches the model answer apart from case, spacing and punctuation.',
    );
    expect(document.getElementById('suggestion-22')!.textContent).toBe(
      'Suggested: Wrong. The same answer was marked Wrong 3 times before.',
    );
    expect(document.getElementById('suggestion-24')!.textContent).toBe(
      'Suggested: Correct. Matches the model answer exactly.',
    );
    const cy = screen.getByRole('listitem', { name: "cy's answer to Capital" });
    expect(cy.textContent).not.toContain('Suggested');
    expect(cy.getAttribute('aria-describedby')).toBe('marking-keys');
  });

  it('applies nothing on load, on focus or when moving; Enter and the Accept button apply it', async () => {
    const user = userEvent.setup();
    renderPage(<MarkingInboxPage />, { path: '/marking', at: '/marking' });
    const ann = await screen.findByRole('listitem', { name: "ann's answer to Capital" });
    const ben = screen.getByRole('listitem', { name: "ben's answer to Capital" });
    const cy = screen.getByRole('listitem', { name: "cy's answer to Capital" });
    ann.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowUp}{ArrowUp}{ArrowUp}{Home}{End}');
    await user.click(within(ben).getByText('Lyon'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('0 marks to submit')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit' }).hasAttribute('disabled')).toBe(true);
    for (const row of [ann, ben, cy])
      expect(within(row).getByRole('button', { name: 'Unmarked' }).getAttribute('aria-pressed')).toBe('true');
    expect(sent).toEqual([]);
    expect(inboxUrls).toEqual([]);

    // Enter on Ann's answer accepts Correct and moves on; on Cy's (no suggestion) it does nothing.
    ann.focus();
    await user.keyboard('{Enter}');
    expect(within(ann).getByRole('button', { name: 'Correct' }).getAttribute('aria-pressed')).toBe('true');
    expect(document.activeElement).toBe(ben);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(document.activeElement).toBe(cy);
    expect(screen.getByText('1 mark to submit')).toBeTruthy();
    // Ben's by the button (mouse, touch); once accepted the button goes.
    await user.click(screen.getByRole('button', { name: 'Accept the suggested mark Wrong for ben' }));
    expect(within(ben).getByRole('button', { name: 'Wrong' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(ben).queryByRole('button', { name: /Accept/ })).toBeNull();
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(sent).toEqual([{ 21: 1, 22: -1 }]));
  });

  it('says the suggestion and its reason in Korean when the interface is Korean', async () => {
    await showLanguage('ko');
    try {
      renderPage(<MarkingInboxPage />, { path: '/marking', at: '/marking' });
      const ann = await screen.findByRole('listitem', { name: 'ann 학생이 Capital에 쓴 답' });
      // The page's own words are Korean too: heading, links, filters, keys, marks, counts, submit.
      expect(screen.getByRole('heading', { name: '채점', level: 1 })).toBeTruthy();
      expect(screen.getByRole('link', { name: '선생님 페이지' })).toBeTruthy();
      expect(screen.getByRole('combobox', { name: '학생' })).toBeTruthy();
      expect(screen.getByRole('option', { name: '모든 학생' })).toBeTruthy();
      expect(screen.getByLabelText('마감일')).toBeTruthy();
      expect(screen.getByText('채점할 답 4개')).toBeTruthy();
      expect(document.getElementById('marking-keys')!.textContent).toBe(
        '답에서 쓰는 키: 1 정답, 2 오답, 0 미채점 (누르면 다음 답으로), ↑ ↓ 이동, Enter 추천 채점 적용.',
      );
      expect(screen.getByText('모범 답안')).toBeTruthy();
      expect(within(ann).getByRole('button', { name: '정답' })).toBeTruthy();
      expect(within(ann).getByRole('button', { name: '미채점' }).getAttribute('aria-pressed')).toBe('true');
      expect(screen.getByText('제출할 채점 0개')).toBeTruthy();
      expect(screen.getByRole('button', { name: '제출' })).toBeTruthy();
      const shown = document.body.textContent!;
      for (const english of [
        'Marking',
        'Teacher page',
        'Every student',
        'Due day',
        'Keys on',
        'Model answer',
        'Explanation',
        'Correct',
        'Wrong',
        'Unmarked',
        'to mark',
        'to submit',
        'Submit',
        'Suggested',
        'Accept',
      ])
        expect(shown).not.toContain(english);
      expect(document.getElementById('suggestion-21')!.textContent).toBe(
        '추천 채점: 정답. 대소문자, 띄어쓰기, 문장 부호를 빼면 모범 답안과 일치합니다.',
      );
      expect(document.getElementById('suggestion-22')!.textContent).toBe(
        '추천 채점: 오답. 같은 답을 전에 3번 오답으로 채점했습니다.',
      );
      expect(screen.getByRole('button', { name: 'ben 학생의 답에 추천 채점(오답) 적용' })).toBeTruthy();
    } finally {
      await showLanguage('en');
    }
  });

  it('Enter on a focused mark button is that button, not the suggestion', async () => {
    const user = userEvent.setup();
    renderPage(<MarkingInboxPage />, { path: '/marking', at: '/marking' });
    const ben = await screen.findByRole('listitem', { name: "ben's answer to Capital" });
    within(ben).getByRole('button', { name: 'Correct' }).focus();
    await user.keyboard('{Enter}');
    expect(within(ben).getByRole('button', { name: 'Correct' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('MarkingPage', () => {
  it('says that a student does not exist, with a way back to every answer', async () => {
    vi.stubGlobal('fetch', jsonFetch({ 'GET marking': () => apiError(404, 'Student not found.') }));
    renderPage(<MarkingPage />, { path: '/marking/:name', at: '/marking/nosuchstudent' });
    expect(await screen.findByRole('heading', { name: 'Marking: nosuchstudent' })).toBeTruthy();
    const alert = await screen.findByText(/There is no student named nosuchstudent\./);
    expect(alert.textContent).not.toContain('issue on the server');
    expect(
      screen
        .getAllByRole('link', { name: /Every student's answers|See every student's answers/ })[0]!
        .getAttribute('href'),
    ).toBe('/marking');
  });
});
