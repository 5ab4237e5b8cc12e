import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { giftConstructs, moodleXmlQuiz } from '../../../../common/questions/banks/fixtures.ts';
import { jsonFetch, renderPage } from '../../../test/renderPage.tsx';
import { showLanguage } from '../../i18n/language.ts';
import { BulkUploadPage } from './BulkUploadPage.tsx';

/** `YYYY-MM-DDTHH:mm` of an instant in the browser's own zone (what its old check read dates in). */
function browserWallClock(instant: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}T${pad(instant.getHours())}:${pad(instant.getMinutes())}`;
}

function item(targetDate: string, title = 'Loop') {
  return {
    title,
    question: 'What prints?',
    type: 's',
    candidates: [],
    answer: 'zero',
    explanation: 'Because.',
    students: [],
    generatedDate: '2026-01-01T09:00',
    targetDate,
  };
}

/** The signed-in teacher's auth check, in the app zone `timeZone`. */
const teacherIn = (timeZone: string) => ({
  username: 'teacher',
  role: 'TEACHER',
  roles: ['ROLE_TEACHER'],
  timeZone,
});

beforeEach(() => {
  localStorage.clear();
  // The app's zone is UTC+14: a wall-clock time two hours ahead in the browser's zone is hours past there.
  vi.stubGlobal(
    'fetch',
    jsonFetch({
      'users/auth-check': teacherIn('Pacific/Kiritimati'),
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const setJson = (value: unknown) =>
  fireEvent.change(screen.getByLabelText('Questions as JSON'), { target: { value: JSON.stringify(value) } });

describe('BulkUploadPage', () => {
  it("reads dates without an offset in the app's zone, as the server does, and shows that zone", async () => {
    const user = userEvent.setup();
    renderPage(<BulkUploadPage />, { path: '/upload/multiples', at: '/upload/multiples' });
    expect(await screen.findByText(/are Pacific\/Kiritimati time/)).toBeTruthy();
    setJson([item(browserWallClock(new Date(Date.now() + 2 * 3_600_000)))]);
    await user.click(screen.getByRole('button', { name: 'Parse' }));
    const problems = await screen.findByRole('list', { name: 'Problems of item 1' });
    expect(problems.textContent).toContain('Target date must not be in the past');
    expect(screen.getByText('1 question parsed, 1 with problems.')).toBeTruthy();
  });

  it('counts one question in the singular: parsed, then saved', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      jsonFetch({ 'users/auth-check': teacherIn('UTC'), 'POST questions/multiples': 1 }),
    );
    renderPage(<BulkUploadPage />, { path: '/upload/multiples', at: '/upload/multiples' });
    await screen.findByText(/are UTC time/);
    setJson([item(new Date(Date.now() + 24 * 3_600_000).toISOString())]);
    await user.click(screen.getByRole('button', { name: 'Parse' }));
    expect(screen.getByText('1 question parsed, all ready.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findAllByText('Saved 1 question.')).length).toBeGreaterThan(0);
    expect(document.body.textContent).not.toMatch(/\b1 questions\b/);
  });

  it('clears its "questions have problems" alert once no question has one', async () => {
    const user = userEvent.setup();
    renderPage(<BulkUploadPage />, { path: '/upload/multiples', at: '/upload/multiples' });
    await screen.findByText(/are Pacific\/Kiritimati time/);
    setJson([item('2026-01-01T09:00'), item('2026-01-01T09:00', '')]);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toContain('2 questions have problems');
    // Fixed inline: both dates a day ahead (with an offset), the title written.
    const tomorrow = new Date(Date.now() + 24 * 3_600_000).toISOString();
    for (const name of ['Item 1', 'Item 2']) {
      const card = screen.getByRole('article', { name });
      const target = within(card).getByLabelText('targetDate');
      fireEvent.change(target, { target: { value: tomorrow } });
    }
    fireEvent.change(within(screen.getByRole('article', { name: 'Item 2' })).getByLabelText('title'), {
      target: { value: 'Fixed' },
    });
    await waitFor(() => expect(screen.getByText('2 questions parsed, all ready.')).toBeTruthy());
    await waitFor(() => expect(screen.queryByText(/questions have problems/)).toBeNull());
  });

  it("numbers the items from 1, the preview as the server's refusal does, though the JSON path is [0]", async () => {
    const user = userEvent.setup();
    const ahead = new Date(Date.now() + 24 * 3_600_000).toISOString();
    vi.stubGlobal(
      'fetch',
      jsonFetch({
        'users/auth-check': teacherIn('UTC'),
        // Only the server knows the first question's student does not exist.
        'POST questions/multiples': Response.json(
          {
            status: 400,
            error: 'Bad Request',
            message: '1 of 2 questions cannot be saved; nothing was saved. Item 1: Unknown student "ghost"',
            details: [{ path: '[0]', message: 'Unknown student "ghost"' }],
          },
          { status: 400 },
        ),
      }),
    );
    renderPage(<BulkUploadPage />, { path: '/upload/multiples', at: '/upload/multiples' });
    await screen.findByText(/are UTC time/);
    setJson([item(ahead, 'First'), item(ahead, 'Second')]);
    await user.click(screen.getByRole('button', { name: 'Parse' }));
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Item 1',
      'Item 2',
    ]);
    expect(within(screen.getByRole('article', { name: 'Item 1' })).getByLabelText('title')).toHaveProperty(
      'value',
      'First',
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const problems = await screen.findByRole('list', { name: 'Problems of item 1' });
    expect(problems.textContent).toBe('Unknown student "ghost"');
    expect(within(screen.getByRole('article', { name: 'Item 1' })).getByRole('list')).toBe(problems);
    // The alert names it as the card does (and as the server's message does).
    expect((await screen.findByRole('alert')).textContent).toContain('Item 1: Unknown student "ghost"');
    expect(document.body.textContent).not.toMatch(/item 0/i);
  });

  it('imports a GIFT file into the preview, lists what it skipped by position, and saves only on Submit', async () => {
    const user = userEvent.setup();
    const posted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      jsonFetch({
        'users/auth-check': teacherIn('UTC'),
        'POST questions/multiples': (init?: RequestInit) => {
          posted.push(JSON.parse(String(init?.body)));
          return 10;
        },
      }),
    );
    renderPage(<BulkUploadPage />, { path: '/upload/multiples', at: '/upload/multiples' });
    await screen.findByText(/are UTC time/);
    await user.upload(
      screen.getByLabelText(/^Import a file/),
      new File([giftConstructs], 'bank.gift', { type: 'text/plain' }),
    );
    expect(
      await screen.findByText(
        'Read 10 questions from the file; 6 not imported (listed below). Nothing is saved until you Submit.',
        {},
        // The file's reader is a chunk loaded on the first file.
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    const skipped = screen.getByRole('region', { name: '6 questions not imported' });
    expect([...skipped.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Question 11 (matching) skipped',
      'Question 12 (numerical) skipped',
      'Question 13 (essay) skipped',
      'Question 14 (description, no question) skipped',
      'Question 15 (multiple choice with several right answers) skipped',
      'Question 16 could not be read: a { has no } after it',
    ]);
    // The file's questions are checked as typed JSON is, in the bulk upload's own words.
    expect(screen.getByText('10 questions parsed, 1 with problems.')).toBeTruthy();
    const missingWord = screen.getByRole('article', { name: 'Item 4' });
    expect(within(missingWord).getByRole('list').textContent).toBe('Explanation is missing');
    expect(within(missingWord).getByLabelText('question')).toHaveProperty(
      'value',
      'The sun rises in the _____ every morning.',
    );
    expect(posted).toEqual([]);
    fireEvent.change(within(missingWord).getByLabelText('explanation'), { target: { value: 'East.' } });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findAllByText('Saved 10 questions.')).length).toBeGreaterThan(0);
    expect(posted).toHaveLength(1);
    expect((posted[0] as { title: string; students: string[] }[]).map((q) => [q.title, q.students])).toEqual(
      [
        'Capital of France',
        'Escapes',
        'Weights',
        'Missing word',
        'True or false',
        'Short answer',
        'HTML',
        'Markdown',
        'Plain',
        'Moodle format',
      ].map((title) => [title, []]),
    );
  });

  it('imports a Moodle XML file, and names a file it refuses', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', jsonFetch({ 'users/auth-check': teacherIn('UTC') }));
    renderPage(<BulkUploadPage />, { path: '/upload/multiples', at: '/upload/multiples' });
    await screen.findByText(/are UTC time/);
    const input = screen.getByLabelText(/^Import a file/);
    await user.upload(input, new File([moodleXmlQuiz], 'quiz.xml', { type: 'text/xml' }));
    expect(await screen.findByText('5 questions parsed, all ready.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('region', { name: '6 questions not imported' }).textContent).toContain(
      'Question 10 (type “ddwtos”) skipped',
    );
    await user.upload(
      input,
      new File(['<!DOCTYPE quiz [<!ENTITY x SYSTEM "file:///etc/passwd">]><quiz/>'], 'evil.xml'),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The XML file declares a document type or entities; such files are not read.',
    );
  });

  it('says what a file gave in Korean, true/false options included', async () => {
    await showLanguage('ko');
    try {
      const user = userEvent.setup();
      vi.stubGlobal('fetch', jsonFetch({ 'users/auth-check': teacherIn('UTC') }));
      renderPage(<BulkUploadPage />, { path: '/upload/multiples', at: '/upload/multiples' });
      await screen.findByText(/는 UTC 기준입니다/);
      await user.upload(
        screen.getByLabelText(/^파일에서 가져오기/),
        new File([giftConstructs], 'bank.txt', { type: 'text/plain' }),
      );
      const skipped = await screen.findByRole(
        'region',
        { name: '가져오지 않은 문제 6개' },
        { timeout: 5000 },
      );
      expect(skipped.textContent).toContain('11번 문제(짝 맞추기)는 건너뛰었습니다');
      expect(skipped.textContent).toContain('16번 문제를 읽을 수 없습니다: { 뒤에 닫는 }가 없습니다');
      const trueFalse = screen.getByRole('article', { name: '5번 항목' });
      expect(within(trueFalse).getByLabelText('candidates (한 줄에 하나씩)')).toHaveProperty(
        'value',
        '참\n거짓',
      );
      expect(within(trueFalse).getByLabelText('answer')).toHaveProperty('value', '거짓');
    } finally {
      await showLanguage('en');
    }
  });

  it('says the page and each item’s problems in Korean', async () => {
    await showLanguage('ko');
    try {
      const user = userEvent.setup();
      renderPage(<BulkUploadPage />, { path: '/upload/multiples', at: '/upload/multiples' });
      expect(await screen.findByText(/는 Pacific\/Kiritimati 기준입니다/)).toBeTruthy();
      fireEvent.change(screen.getByLabelText('JSON으로 쓴 문제'), {
        target: { value: JSON.stringify([item(browserWallClock(new Date(Date.now() + 2 * 3_600_000)), '')]) },
      });
      await user.click(screen.getByRole('button', { name: '읽어 보기' }));
      expect(screen.getByRole('heading', { name: '1번 항목' })).toBeTruthy();
      const problems = await screen.findByRole('list', { name: '1번 항목의 문제점' });
      expect([...problems.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
        '제목(title)이 없습니다',
        '마감일(targetDate)은 지난 시각일 수 없습니다',
      ]);
      expect(screen.getByText('문제 1개를 읽었습니다. 1개에 고칠 점이 있습니다.')).toBeTruthy();
      const page = document.body.textContent!;
      for (const english of ['Bulk', 'Parse', 'Submit', 'Problems', 'missing', 'parsed', 'Item'])
        expect(page).not.toContain(english);
    } finally {
      await showLanguage('en');
    }
  });
});
