import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserResponse } from '../../../../common/contracts/users.ts';
import { dashboardTexts } from '../../../../common/insightTexts.ts';
import { apiError } from '../../../test/fixtures.ts';
import { jsonFetch, renderPage } from '../../../test/renderPage.tsx';
import { pictureProblem } from './EditProfileDialog.tsx';
import { UserPage } from './UserPage.tsx';

const person = (overrides: Partial<UserResponse> = {}): UserResponse => ({
  id: 3,
  email: 'mina@example.com',
  username: 'mina',
  role: 'STUDENT',
  imageURL: '/images/avatars/default.svg',
  services: ['Tutoring', 'Simple Math Question'],
  totalQuestions: 7,
  totalSubmissions: 9,
  averageScore: 66.67,
  toSolve: 2,
  ...overrides,
});

let asked: string[];
let routes: Record<string, unknown>;
beforeEach(() => {
  asked = [];
  // jsdom has no 2D canvas: the charts render their tables only.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  routes = {
    'users/auth-check': { username: 'mina', role: 'STUDENT', roles: ['ROLE_STUDENT'] },
    'users/mina': person(),
    subscriptions: ['Tutoring', 'Simple Math Question', 'Chess club'],
    'submissions/day_counts/latest': {
      name: 'mina',
      date: '2026-03-10',
      correctCounts: 3,
      wrongCounts: 1,
      unmarkedCounts: 0,
    },
    'submissions/day_counts': [
      { name: 'mina', date: '2026-03-10', correctCounts: 3, wrongCounts: 1, unmarkedCounts: 0 },
      { name: 'mina', date: '2026-03-09', correctCounts: 1, wrongCounts: 2, unmarkedCounts: 1 },
    ],
    'calendars/mina/2026/3': [],
  };
  const answer = jsonFetch(routes);
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    asked.push(`${init?.method ?? 'GET'} ${url.replace(/^\/api\/v1\//, '').split('?')[0]}`);
    return answer(url, init);
  });
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-10T12:00:00+09:00'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = () => renderPage(<UserPage />, { path: '/user/:name', at: '/user/mina' });

describe('the student dashboard', () => {
  it("shows the profile card's figures and a section per subscribed service, closed", async () => {
    open();
    const card = await screen.findByRole('region', { name: 'mina' });
    const figures = within(card)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(figures).toEqual(['7', '9', '66.67%', '2']);
    expect(within(card).getByRole('img', { name: "mina's picture" }).getAttribute('src')).toBe(
      '/images/avatars/default.svg',
    );
    const tutoring = await screen.findByRole('button', { name: 'Tutoring' });
    expect(tutoring.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('button', { name: 'Simple Math Question' })).toBeDefined();
    // A service added in the admin console has its section too, saying what it is.
    const chess = screen.getByRole('button', { name: 'Chess club' });
    fireEvent.click(chess);
    expect(screen.getByText(dashboardTexts.otherService('Chess club'))).toBeDefined();
  });

  it('loads a section’s data on its first opening only, and keeps it when closed and opened again', async () => {
    const user = userEvent.setup();
    open();
    const tutoring = await screen.findByRole('button', { name: 'Tutoring' });
    expect(asked.filter((call) => call.includes('day_counts'))).toEqual([]);
    // Opening renders the section's chunk, which suspends until it has loaded: inside an awaited
    // act(), so React resumes when it arrives.
    await act(async () => {
      tutoring.click();
      await import('./TutoringSection.tsx');
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(tutoring.getAttribute('aria-expanded')).toBe('true');
    await screen.findByRole('table', { name: 'Latest day: 2026-03-10' });
    expect(screen.getByRole('link', { name: 'Questions' }).getAttribute('href')).toBe('/tutoring/mina');
    expect(screen.getByRole('link', { name: 'Review' }).getAttribute('href')).toBe('/review/mina');
    expect(screen.getByRole('link', { name: 'Submissions' }).getAttribute('href')).toBe('/submission/mina');
    // The period, oldest day first.
    const period = screen.getByRole('table', { name: '2026-03-09 – 2026-03-10' });
    expect(
      within(period)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['DayCorrectWrong', '2026-03-0912', '2026-03-1031']);
    const loads = asked.filter((call) => call.includes('day_counts')).length;
    expect(loads).toBe(2);
    await user.click(tutoring);
    await user.click(tutoring);
    expect(asked.filter((call) => call.includes('day_counts'))).toHaveLength(loads);
  });

  it("offers a parent's children with their dashboards and statistics", async () => {
    routes['users/auth-check'] = { username: 'dana', role: 'PARENT', roles: ['ROLE_PARENT'] };
    routes['users/dana'] = person({ username: 'dana', role: 'PARENT', services: [] });
    routes['users/children/dana'] = [
      { id: 3, name: 'mina', imageURL: '/images/avatars/default.svg', subscriptions: [] },
    ];
    renderPage(<UserPage />, { path: '/user/:name', at: '/user/dana' });
    const children = await screen.findByRole('region', { name: 'Children' });
    await within(children).findByText('mina');
    expect(within(children).getByRole('link', { name: "mina's statistics" }).getAttribute('href')).toBe(
      '/stats/mina',
    );
    expect(within(children).getByRole('link', { name: "mina's dashboard" }).getAttribute('href')).toBe(
      '/user/mina',
    );
    // A parent's card has no learner figures.
    expect(screen.queryByText('Total Questions')).toBeNull();
  });
});

describe('Edit Profile', () => {
  it("asks for a file when nothing changed ('Select a File'), and only on one's own page", async () => {
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Profile' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Select a File');
    expect(asked.filter((call) => call.startsWith('PATCH'))).toEqual([]);
  });

  it("saves a new name, says 'DONE!', and moves to the new address", async () => {
    const user = userEvent.setup();
    let body: unknown = null;
    routes['PATCH users'] = (init?: RequestInit) => {
      body = JSON.parse(String(init?.body));
      return person({ username: 'Mina Park' });
    };
    open();
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Profile' });
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Mina Park');
    const save = within(dialog).getByRole('button', { name: 'Save Changes' });
    await user.click(save);
    expect(await screen.findByText('DONE!')).toBeDefined();
    expect(body).toEqual({ username: 'Mina Park' });
    // Now at /user/Mina Park.
    expect(await screen.findByRole('heading', { level: 1, name: 'Mina Park' })).toBeDefined();
  });

  it('asks for the current password with a new email, and shows a refusal inside the dialog', async () => {
    const user = userEvent.setup();
    let body: unknown = null;
    routes['PATCH users'] = (init?: RequestInit) => {
      body = JSON.parse(String(init?.body));
      return apiError(409, 'Email is already in use!');
    };
    open();
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Profile' });
    expect(within(dialog).queryByLabelText('Current password')).toBeNull();
    const email = within(dialog).getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'taken@example.com');
    await user.type(within(dialog).getByLabelText('Current password'), 'my secret words');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('Email is already in use!'),
    );
    expect(body).toEqual({
      username: 'mina',
      email: 'taken@example.com',
      currentPassword: 'my secret words',
    });
  });

  it('lists the mails the roles get and switches one off as it is ticked', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    routes['GET mail/switches'] = [{ kind: 'student-digest', on: true }];
    routes['PUT mail/switches'] = (init?: RequestInit) => {
      const change = JSON.parse(String(init?.body)) as { kind: string; on: boolean };
      sent.push(change);
      return [change];
    };
    open();
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Profile' });
    const mails = await within(dialog).findByRole('group', { name: 'Mail' });
    const digest = within(mails).getByRole('checkbox', { name: 'New work and marks (daily)' });
    expect((digest as HTMLInputElement).checked).toBe(true);
    await user.click(digest);
    expect(await screen.findByText('Saved.')).toBeDefined();
    expect(sent).toEqual([{ kind: 'student-digest', on: false }]);
    await waitFor(() => expect((digest as HTMLInputElement).checked).toBe(false));
    expect(asked.filter((call) => call.startsWith('PATCH'))).toEqual([]);
  });

  it('takes only pictures of the four formats, up to 5 MB', () => {
    const file = (type: string, size: number) => new File([new Uint8Array(size)], 'x', { type });
    expect(pictureProblem(file('image/png', 1000), dashboardTexts)).toBeNull();
    expect(pictureProblem(file('image/svg+xml', 1000), dashboardTexts)).toMatch(/PNG, JPEG, WebP or GIF/);
    expect(pictureProblem(file('application/x-msdownload', 1000), dashboardTexts)).toMatch(
      /PNG, JPEG, WebP or GIF/,
    );
    expect(pictureProblem(file('image/jpeg', 5 * 1024 * 1024 + 1), dashboardTexts)).toMatch(
      /larger than 5 MB/,
    );
  });
});
