import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarkingItem } from '../../../../common/contracts/tutoring.ts';
import { apiError, pageOf, questionOnly, submission } from '../../../test/fixtures.ts';
import { jsonFetch, renderPage } from '../../../test/renderPage.tsx';
import { MarkingInboxPage, MarkingPage } from './MarkingPage.tsx';

const essay = questionOnly({
  id: 4,
  title: 'Essay',
  type: 's',
  answer: 'It repeats&code:&type=python:for i in range(2): print(i)',
  candidates: [],
});
const item = (id: number, student: string, studentAnswer: string, question = essay): MarkingItem => ({
  ...submission({ id, question, studentAnswer, marked: 0 }),
  student,
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
