import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { questionLimits } from '../../../../common/limits.ts';
import { readGift } from '../../../../common/questions/banks/gift.ts';
import { readMoodleXml } from '../../../../common/questions/banks/moodleXml.ts';
import { pageOf, questionOnly } from '../../../test/fixtures.ts';
import { jsonFetch, renderPage } from '../../../test/renderPage.tsx';
import { ArchivePage } from './ArchivePage.tsx';

let urls: string[] = [];
let assigned: unknown[] = [];
beforeEach(() => {
  urls = [];
  assigned = [];
  const routes = jsonFetch({
    'GET questions': pageOf(
      [
        questionOnly({ id: 3, title: 'Code answer', type: 's', answer: 'Use&code:&type=python:print(1)' }),
        questionOnly({
          id: 4,
          title: 'Many',
          type: 'M',
          candidates: [
            { id: 1, value: '2' },
            { id: 2, value: '5' },
            { id: 3, value: '6' },
          ],
          answer: '["2","6"]',
          hint: 'Even ones.',
          topics: ['numbers'],
        }),
      ],
      { page: 1, size: 5, total: 12 },
    ),
    'users/auth-check': {
      username: 'teacher',
      role: 'TEACHER',
      roles: ['ROLE_TEACHER'],
      timeZone: 'Pacific/Kiritimati',
    },
    'POST assignments': (init?: RequestInit) => {
      assigned.push(JSON.parse(String(init?.body)));
      return [];
    },
  });
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    urls.push(url);
    return routes(url, init);
  });
});
afterEach(() => vi.unstubAllGlobals());

const questionCalls = () => urls.filter((u) => u.includes('/api/v1/questions?'));

describe('ArchivePage', () => {
  it('shows answers as people read them: code as code, several answers as a list, never the markers', async () => {
    renderPage(<ArchivePage />, { path: '/questions', at: '/questions' });
    const code = await screen.findByRole('article', { name: '3. Code answer' });
    expect(code.textContent).not.toContain('&code:');
    expect(code.textContent).not.toContain('&type=');
    expect(within(code).getByText('Python')).toBeTruthy();
    const many = screen.getByRole('article', { name: '4. Many' });
    expect(many.textContent).not.toContain('["2","6"]');
  });

  it('keeps page and search in the address, and asks the server for what the address says', async () => {
    const user = userEvent.setup();
    renderPage(<ArchivePage />, { path: '/questions', at: '/questions?page=2&field=title&q=loops' });
    await screen.findByRole('article', { name: '3. Code answer' });
    const first = new URL(questionCalls().at(-1)!, 'http://x').searchParams;
    expect([first.get('page'), first.get('field'), first.get('q')]).toEqual(['1', 'title', 'loops']);
    expect((screen.getByLabelText('Search text') as HTMLInputElement).value).toBe('loops');
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() =>
      expect(new URL(questionCalls().at(-1)!, 'http://x').searchParams.get('page')).toBe('2'),
    );
  });

  it(`stops the search text at ${questionLimits.searchMax} characters and says so`, async () => {
    const user = userEvent.setup();
    renderPage(<ArchivePage />, { path: '/questions', at: '/questions' });
    const box = (await screen.findByLabelText('Search text')) as HTMLInputElement;
    expect(box.maxLength).toBe(questionLimits.searchMax);
    expect(screen.getByText(`Up to ${questionLimits.searchMax} characters.`)).toBeTruthy();
    box.focus();
    await user.paste('x'.repeat(100_000));
    expect(box.value).toHaveLength(questionLimits.searchMax);
    expect(screen.getByText(/Search text stops at 200 characters/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(new URL(questionCalls().at(-1)!, 'http://x').searchParams.get('q')).toHaveLength(
        questionLimits.searchMax,
      ),
    );
  });

  it("reads the reassign date in the app's zone and shows that zone", async () => {
    const user = userEvent.setup();
    renderPage(<ArchivePage />, { path: '/questions', at: '/questions' });
    const card = await screen.findByRole('article', { name: '3. Code answer' });
    expect(await screen.findByText('Pacific/Kiritimati time')).toBeTruthy();
    await user.click(within(card).getByRole('checkbox', { name: 'Duplicate' }));
    await user.type(screen.getByLabelText('Students for'), 'alice');
    fireEvent.change(screen.getByLabelText('Target Date'), { target: { value: '2026-03-12T14:00' } });
    await user.click(screen.getByRole('button', { name: 'SUBMIT' }));
    // 14:00 at UTC+14 is midnight UTC.
    await waitFor(() =>
      expect(assigned).toEqual([
        { questionIds: [3], names: ['alice'], targetDate: '2026-03-12T00:00:00.000Z' },
      ]),
    );
  });

  it('downloads the ticked questions, or all found, as GIFT, Moodle XML or JSON that read back the same', async () => {
    const user = userEvent.setup();
    const files: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          files.push(blob);
          return 'blob:x';
        },
        revokeObjectURL: () => {},
      }),
    );
    renderPage(<ArchivePage />, { path: '/questions', at: '/questions' });
    const many = await screen.findByRole('article', { name: '4. Many' });
    const words = { true: 'True', false: 'False', alsoAccepted: () => '' };
    const ticked = screen.getByRole('button', { name: 'Download 0 questions ticked' });
    expect(ticked).toHaveProperty('disabled', true);
    await user.click(within(many).getByRole('checkbox', { name: 'Duplicate' }));
    await user.click(screen.getByRole('button', { name: 'Download 1 question ticked' }));
    await waitFor(() => expect(files).toHaveLength(1));
    const gift = readGift(await files[0]!.text(), words);
    expect('questions' in gift && gift.questions.map((q) => q.question)).toEqual([
      {
        title: 'Many',
        question: expect.any(String),
        type: 'M',
        candidates: ['2', '5', '6'],
        answer: '["2","6"]',
        explanation: expect.any(String),
        hint: 'Even ones.',
        topics: ['numbers'],
      },
    ]);
    expect(await screen.findByText('Downloaded 1 question.')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Format'), 'Moodle XML');
    // The search's questions, asked for at once (as many as one upload takes).
    await user.click(screen.getByRole('button', { name: 'Download 12 questions found' }));
    await waitFor(() => expect(files).toHaveLength(2));
    expect(questionCalls().at(-1)).toContain(`size=${questionLimits.bulkMax}`);
    const xml = readMoodleXml(await files[1]!.text(), words);
    expect('questions' in xml && xml.questions.map((q) => q.question.title)).toEqual(['Code answer', 'Many']);
    expect('questions' in xml && xml.questions[0]!.question.answer).toBe('Use&code:&type=python:print(1)');

    await user.selectOptions(screen.getByLabelText('Format'), 'JSON');
    await user.click(screen.getByRole('button', { name: 'Download 1 question ticked' }));
    await waitFor(() => expect(files).toHaveLength(3));
    expect(JSON.parse(await files[2]!.text())).toMatchObject([
      { title: 'Many', type: 'M', candidates: ['2', '5', '6'] },
    ]);
  });
});
