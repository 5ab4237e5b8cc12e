import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, pageOf } from '../../../test/fixtures.ts';
import { jsonFetch, renderPage } from '../../../test/renderPage.tsx';
import { StatsPage } from './StatsPage.tsx';

let routes: Record<string, unknown>;
let asked: string[];
beforeEach(() => {
  asked = [];
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  routes = {
    'users/auth-check': { username: 'teacher', role: 'TEACHER', roles: ['ROLE_TEACHER'] },
    'submissions/day_counts/latest': {
      name: 'mina',
      date: '2026-03-10',
      correctCounts: 3,
      wrongCounts: 1,
      unmarkedCounts: 1,
    },
    'submissions/day_counts': [
      { name: 'mina', date: '2026-03-10', correctCounts: 3, wrongCounts: 1, unmarkedCounts: 1 },
      { name: 'mina', date: '2026-03-09', correctCounts: 2, wrongCounts: 3, unmarkedCounts: 0 },
    ],
    'stats/topics/page/mina': pageOf(
      [
        { topic: 'loops', correctCount: 2, wrongCount: 1, totalCount: 3 },
        { topic: 'sql', correctCount: 0, wrongCount: 2, totalCount: 2 },
      ],
      { size: 6 },
    ),
    'assignments/latest/mina': null,
    'calendars/mina/2026/3': [],
    'review/count/mina': { due: 2, later: 3, stuck: 4, retired: 1 },
  };
  const answer = jsonFetch(routes);
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    asked.push(url);
    return answer(url, init);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = () => renderPage(<StatsPage />, { path: '/stats/:name', at: '/stats/mina' });

describe('the learner statistics page', () => {
  it('shows the capitalised name, the dates, the scores, the top topics and the calendar', async () => {
    open();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Mina');
    await screen.findByText('Most Recent Submission');
    expect(screen.getByText('2026-03-10', { selector: 'dd' })).toBeDefined();
    expect(screen.getByText('All assigned tasks have been completed.')).toBeDefined();
    const overview = screen.getByRole('region', { name: 'Performance Overview' });
    expect(within(overview).getByRole('table', { name: 'Most recent submission' }).textContent).toContain(
      'Correct375.00%',
    );
    expect(within(overview).getByRole('table', { name: 'Cumulative' }).textContent).toContain('Wrong4');
    const lines = within(overview)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    // 10 answers; the latest day 3 right of 5; overall 5 right of 10, 5 of 9 marked (55.56 %).
    expect(lines).toEqual([
      'Questions solved: 10',
      'Recent score: 3 / 5',
      'Cumulative score: 5 / 10',
      'Overall accuracy: 55.56%',
    ]);
    const mastery = screen.getByRole('region', { name: 'Topic Mastery' });
    expect(within(mastery).getByRole('table').textContent).toContain('loops66.67%');
    expect(within(mastery).getByRole('table').textContent).toContain('sql0.00%');
    expect(screen.getByRole('region', { name: 'Assignment Calendar' })).toBeDefined();
    // Spaced review: how many are due and how many stuck, with the way to the schedule.
    const review = await screen.findByRole('region', { name: 'Spaced review' });
    expect(within(review).getByText('Due today').nextSibling?.textContent).toBe('2');
    expect(within(review).getByText('Stuck (learned)').nextSibling?.textContent).toBe('4');
    expect(within(review).getByRole('link', { name: "mina's review schedule" }).getAttribute('href')).toBe(
      '/review-schedule/mina',
    );
    // The topic call asks for the six most answered topics.
    const topics = new URL(asked.find((url) => url.includes('stats/topics'))!, 'http://x');
    expect(Object.fromEntries(topics.searchParams)).toEqual({
      page: '0',
      size: '6',
      sort: 'totalCount,desc',
    });
  });

  it('shows the last assignment date when one is pending, and says when nothing was submitted', async () => {
    routes['assignments/latest/mina'] = '2026-03-14';
    routes['submissions/day_counts/latest'] = apiError(404, 'No submissions yet.');
    routes['submissions/day_counts'] = [];
    routes['stats/topics/page/mina'] = pageOf([], { size: 6 });
    open();
    expect(await screen.findByText('2026-03-14')).toBeDefined();
    expect(screen.getAllByText('No submissions yet.').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toContain('Overall accuracy: —');
  });

  it("sends a parent of another child away with 'Access Denied!'", async () => {
    routes['users/auth-check'] = { username: 'dana', role: 'PARENT', roles: ['ROLE_PARENT'] };
    routes['submissions/day_counts/latest'] = apiError(403, 'You are not allowed to do this.');
    open();
    expect(await screen.findByText('Access Denied!')).toBeDefined();
    await waitFor(() => expect(screen.getByTestId('elsewhere')).toBeDefined());
  });
});
