import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CalendarItem } from '../../../common/contracts/tutoring.ts';
import { createQueryClient } from '../api/queryClient.ts';
import { showLanguage } from '../i18n/language.ts';
import { Calendar, isWellDone } from './Calendar.tsx';

afterEach(() => vi.unstubAllGlobals());

function serve(items: CalendarItem[]) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url);
    return new Response(JSON.stringify(items), { status: 200 });
  });
  return calls;
}

function show(ui: React.ReactNode) {
  const client = createQueryClient();
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const item = (day: number, name: string, solved: number, unsolved: number, toMark: number): CalendarItem => ({
  year: 2026,
  month: 11,
  day,
  student: { name },
  solved,
  unsolved,
  toMark,
});

describe('Calendar', () => {
  it('colours a day green from 90 % solved', () => {
    expect(isWellDone({ solved: 9, unsolved: 1 })).toBe(true);
    expect(isWellDone({ solved: 8, unsolved: 1 })).toBe(false);
    expect(isWellDone({ solved: 0, unsolved: 0 })).toBe(false);
  });

  it('teacher mode shows each student and a to-mark link to marking; months move', async () => {
    const calls = serve([item(3, 'alice', 9, 1, 0), item(3, 'bob', 1, 3, 2)]);
    show(<Calendar mode="teacher" students={['alice', 'bob']} initial={new Date(2026, 10, 15)} />);
    expect(screen.getByRole('heading', { name: '2026 November' })).toBeTruthy();
    const day = (await screen.findByText('alice')).closest('td')!;
    expect(within(day).getByText('9/10').className).toMatch(/good/);
    expect(within(day).getByText('1/4').className).toMatch(/bad/);
    expect(
      within(day).getByRole('link', { name: '2 to mark for bob due on 2026-11-03' }).getAttribute('href'),
    ).toBe('/marking/bob?date=2026-11-03');
    expect(calls[0]).toBe('/api/v1/calendars/2026/11?students=alice%2Cbob');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('heading', { name: '2026 December' })).toBeTruthy();
    expect(calls.at(-1)).toBe('/api/v1/calendars/2026/12?students=alice%2Cbob');
  });

  it('student mode opens submissions for a finished day and tutoring otherwise', async () => {
    serve([item(4, 'alice', 3, 0, 0), item(5, 'alice', 1, 2, 0)]);
    show(<Calendar mode="student" student="alice" initial={new Date(2026, 10, 15)} />);
    const done = await screen.findByRole('link', { name: '3 of 3 solved on 2026-11-04' });
    expect(done.getAttribute('href')).toBe('/submission/alice?date=2026-11-04');
    const open = screen.getByRole('link', { name: '1 of 3 solved on 2026-11-05' });
    expect(open.getAttribute('href')).toBe('/tutoring/alice?date=2026-11-05');
  });

  it("in Korean: the month, the weekdays and the days' names from Intl, the links named in Korean", async () => {
    await showLanguage('ko');
    try {
      serve([item(3, 'bob', 1, 3, 2)]);
      const { container } = show(
        <Calendar mode="teacher" students={['bob']} initial={new Date(2026, 10, 15)} />,
      );
      expect(screen.getByRole('heading', { name: '2026년 11월' })).toBeTruthy();
      expect([...container.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
        '일',
        '월',
        '화',
        '수',
        '목',
        '금',
        '토',
      ]);
      expect(
        await screen.findByRole('link', { name: /^2026년 11월 3일 \(?화\)? 마감, bob 채점 대기 2개$/ }),
      ).toBeTruthy();
      expect(screen.getByRole('button', { name: '다음 달' })).toBeTruthy();
      expect(screen.getByRole('region', { name: '달력' })).toBeTruthy();
    } finally {
      await showLanguage('en');
    }
  });
});
