import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonFetch, renderPage } from '../../../test/renderPage.tsx';
import { UploadPage } from './UploadPage.tsx';

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('fetch', jsonFetch({ student: [] }));
});
afterEach(() => vi.unstubAllGlobals());

describe('UploadPage tabs', () => {
  it('asks before closing a tab with a written question, and closes a blank one at once', async () => {
    const user = userEvent.setup();
    renderPage(<UploadPage />, { path: '/upload', at: '/upload' });
    await user.type(screen.getByLabelText('Assignment Title'), 'Loops');
    await user.click(screen.getByRole('button', { name: 'Question +' }));
    expect(screen.getAllByRole('tab')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Close question 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Close question 1? What is written in it is lost.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getAllByRole('tab')).toHaveLength(2);
    expect(screen.getByRole('tab', { name: /Question 1: Loops/ })).toBeTruthy();

    // The blank second tab closes without a question.
    await user.click(screen.getByRole('button', { name: 'Close question 2' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.getAllByRole('tab')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Close question 1' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Assignment Title') as HTMLInputElement).value).toBe(''),
    );
  });
});
