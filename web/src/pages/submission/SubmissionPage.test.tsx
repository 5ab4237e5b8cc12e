import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageOf, questionOnly, submission } from '../../../test/fixtures.ts';
import { jsonFetch, renderPage } from '../../../test/renderPage.tsx';
import { SubmissionPage } from './SubmissionPage.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('SubmissionPage', () => {
  it("keeps every jump-grid box's colour on every page, not only the page in view", async () => {
    // Page 2 of 2 (size 2): the third and fourth answers; the first two are on page 1.
    const shown = [
      submission({ id: 3, question: questionOnly({ id: 13, title: 'Third' }), marked: 0 }),
      submission({ id: 4, question: questionOnly({ id: 14, title: 'Fourth' }), marked: 1 }),
    ];
    vi.stubGlobal(
      'fetch',
      jsonFetch({
        'GET submissions/alice': {
          ...pageOf(shown, { page: 1, size: 2, total: 4 }),
          summary: {
            total: 4,
            correct: 2,
            wrong: 1,
            unmarked: 1,
            redos: 0,
            corrected: 0,
            firstDueDate: null,
            lastDueDate: null,
          },
          marks: [1, -1, 0, 1],
        },
      }),
    );
    renderPage(<SubmissionPage />, { path: '/submission/:name', at: '/submission/alice?page=2&size=2' });
    // The page's words load on first use (dynamic imports, which the test run transforms then): more
    // than findBy's second on a busy machine.
    await screen.findByRole('heading', { name: /Fourth/ }, { timeout: 10_000 });
    expect(screen.getByRole('button', { name: 'Question 1, correct' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Question 2, wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Question 3' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Question 4, correct' })).toBeTruthy();
  });
});
