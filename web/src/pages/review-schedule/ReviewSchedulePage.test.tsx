import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReviewSchedule } from '../../../../common/contracts/review.ts';
import { jsonFetch, renderPage } from '../../../test/renderPage.tsx';
import { ReviewSchedulePage } from './ReviewSchedulePage.tsx';

const schedule = (pinned: boolean): ReviewSchedule => ({
  student: 'mina',
  today: '2026-03-10',
  defaultLadder: [1, 3, 7, 14, 30],
  settings: [{ topic: null, enabled: true, ladder: [1, 3, 7, 14, 30] }],
  counts: { due: pinned ? 0 : 1, later: pinned ? 2 : 1, stuck: 1, retired: 0 },
  items: [
    {
      questionId: 1,
      title: 'Loops',
      topics: ['loops'],
      status: pinned ? 'later' : 'due',
      dueDay: pinned ? '2026-03-11' : '2026-03-10',
      step: 0,
      scheduled: true,
      ladder: [1, 3, 7, 14, 30],
      pinned,
    },
    {
      questionId: 2,
      title: 'Arrays',
      topics: ['arrays'],
      status: 'later',
      dueDay: '2026-03-13',
      step: 2,
      scheduled: true,
      ladder: [1, 3, 7, 14, 30],
      pinned: false,
    },
    {
      questionId: 3,
      title: 'Maps',
      topics: ['maps'],
      status: 'stuck',
      dueDay: null,
      step: 5,
      scheduled: true,
      ladder: [1, 3, 7, 14, 30],
      pinned: false,
    },
  ],
});

let sent: { url: string; method: string; body: unknown }[];
function serve(roles: string[]) {
  sent = [];
  const answer = jsonFetch({
    'users/auth-check': { username: roles.includes('ROLE_TEACHER') ? 'teacher' : 'mina', role: '', roles },
    'GET review/schedule/mina': schedule(false),
    'POST review/pin/mina': schedule(true),
    'PUT review/settings/mina': schedule(false),
  });
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    sent.push({
      url,
      method: init?.method ?? 'GET',
      body: init?.body ? JSON.parse(String(init.body)) : null,
    });
    return answer(url, init);
  });
}
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = () =>
  renderPage(<ReviewSchedulePage />, { path: '/review-schedule/:name', at: '/review-schedule/mina' });

describe('the review schedule page', () => {
  beforeEach(() => serve(['ROLE_TEACHER']));

  it('shows the counts and the questions in Review; a teacher pins one to tomorrow', async () => {
    open();
    await screen.findByRole('heading', { name: "mina's review schedule", level: 1 });
    await waitFor(() =>
      expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual(['1', '1', '1', '0']),
    );
    const questions = screen.getByRole('region', { name: 'Questions' });
    // In Review by default: the stuck one is left out until asked for.
    expect(
      within(questions)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Loops'), expect.stringContaining('Arrays')]);
    expect(within(questions).getAllByRole('listitem')[1]!.textContent).toContain(
      'due 2026-03-13 · step 2 of 5',
    );
    fireEvent.click(
      await within(questions).findByRole('button', { name: 'Pin Loops to come back tomorrow' }),
    );
    await screen.findByText('Loops comes back tomorrow.');
    expect(sent.find((r) => r.method === 'POST')).toMatchObject({
      url: '/api/v1/review/pin/mina',
      body: { questionId: 1 },
    });
    await waitFor(() =>
      expect(within(questions).getAllByRole('listitem')[0]!.textContent).toContain('pinned'),
    );
    fireEvent.change(within(questions).getByLabelText('Show'), { target: { value: 'stuck' } });
    expect(
      within(questions)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Maps')]);
  });

  it('checks the ladder before sending it', async () => {
    open();
    const settings = await screen.findByRole('region', { name: 'Settings' });
    const ladder = within(settings).getByLabelText('Ladder (days between showings)');
    fireEvent.change(ladder, { target: { value: '7, 3' } });
    fireEvent.click(within(settings).getByRole('button', { name: 'Save' }));
    await within(settings).findByText(/Write whole numbers of days/);
    expect(sent.some((r) => r.method === 'PUT')).toBe(false);
    fireEvent.change(ladder, { target: { value: '2 4 8' } });
    fireEvent.click(within(settings).getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved.');
    expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({
      topic: null,
      enabled: true,
      ladder: [2, 4, 8],
    });
  });
});

describe('the review schedule page for the student', () => {
  beforeEach(() => serve(['ROLE_STUDENT']));

  it('is read-only: no pin, no retire, no save', async () => {
    open();
    await screen.findByRole('note');
    expect(screen.getByRole('note').textContent).toBe('Only a teacher can change the schedule.');
    expect(screen.queryByRole('button', { name: /Pin|Retire|Save/ })).toBeNull();
  });
});
