import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, pageOf, questionOnly } from '../../../test/fixtures.ts';
import { jsonFetch, renderPage } from '../../../test/renderPage.tsx';
import { ModifyPage } from './ModifyPage.tsx';

let sent: unknown[] = [];
beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    jsonFetch({
      'GET questions': pageOf([questionOnly({ id: 8, title: 'Loops' })]),
      'PATCH questions/multiples': (init?: RequestInit) => {
        sent.push(JSON.parse(String(init?.body)));
        return apiError(400, '0.title: must not be empty', [
          { path: '0.title', message: 'must not be empty' },
        ]);
      },
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('ModifyPage', () => {
  it('names a refused change by its question and field in words, never "0.title"', async () => {
    const user = userEvent.setup();
    renderPage(<ModifyPage />, { path: '/questions/modify', at: '/questions/modify' });
    const title = await screen.findByLabelText('Title');
    await user.clear(title);
    await user.type(title, ' ');
    await user.click(screen.getByRole('button', { name: 'Modify' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Question 8: Title must not be empty');
    expect(alert.textContent).not.toContain('0.title');
    expect(sent).toEqual([[{ id: 8, title: ' ' }]]);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Modify' })).toHaveProperty('disabled', false),
    );
  });
});
