import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonFetch, renderPage } from '../../../test/renderPage.tsx';
import { showLanguage } from '../../i18n/language.ts';
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

    // The × on the first tab (a pointer shortcut).
    await user.click(within(screen.getByRole('tab', { name: /Question 1: Loops/ })).getByText('×'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Close question 1? What is written in it is lost.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getAllByRole('tab')).toHaveLength(2);
    expect(screen.getByRole('tab', { name: /Question 1: Loops/ })).toBeTruthy();

    // The blank second tab (selected) closes from the panel's button without a question.
    await user.click(screen.getByRole('button', { name: 'Close question 2' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.getAllByRole('tab')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Close question 1' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Assignment Title') as HTMLInputElement).value).toBe(''),
    );
  });

  it('follows the ARIA tabs pattern: roles, selection, one tab stop, arrow keys, Delete', async () => {
    const user = userEvent.setup();
    renderPage(<UploadPage />, { path: '/upload', at: '/upload' });
    await user.click(screen.getByRole('button', { name: 'Question +' }));
    await user.click(screen.getByRole('button', { name: 'Question +' }));
    const tablist = screen.getByRole('tablist', { name: 'Questions being written' });
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs).toHaveLength(3);
    // Only tabs inside the tablist.
    expect(within(tablist).queryAllByRole('button')).toHaveLength(0);
    const selected = () => tabs.map((t) => t.getAttribute('aria-selected'));
    expect(selected()).toEqual(['false', 'false', 'true']);
    expect(tabs.map((t) => t.tabIndex)).toEqual([-1, -1, 0]);
    const panel = screen.getByRole('tabpanel');
    expect(tabs.every((t) => t.getAttribute('aria-controls') === panel.id)).toBe(true);
    expect(panel.getAttribute('aria-labelledby')).toBe(tabs[2]!.id);

    tabs[2]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tabs[0]);
    expect(selected()).toEqual(['true', 'false', 'false']);
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(tabs[2]);
    await user.keyboard('{Home}');
    expect(selected()).toEqual(['true', 'false', 'false']);
    await user.keyboard('{End}{ArrowLeft}');
    expect(selected()).toEqual(['false', 'true', 'false']);
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(tabs[1]!.id);
    // Delete closes the selected tab (blank: no question asked).
    await user.keyboard('{Delete}');
    await waitFor(() => expect(screen.getAllByRole('tab')).toHaveLength(2));
  });

  it("clears the check's alert once the problem is fixed (a due date brought within 14 days)", async () => {
    const user = userEvent.setup();
    renderPage(<UploadPage />, { path: '/upload', at: '/upload' });
    await user.type(screen.getByLabelText('Assignment Title'), 'Loops');
    await user.type(screen.getByLabelText('Question Text'), 'What prints?');
    await user.selectOptions(screen.getByLabelText('Type'), 's');
    await user.type(screen.getByLabelText('Answer'), 'zero');
    await user.type(screen.getByLabelText('Explanation'), 'Because.');
    const due = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 16);
    fireEvent.change(screen.getByLabelText('Due Date'), { target: { value: due(20) } });
    await user.click(screen.getByRole('button', { name: 'Assign to Students' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Due Date must be at most 14 days ahead.',
    );
    fireEvent.change(screen.getByLabelText('Due Date'), { target: { value: due(2) } });
    await waitFor(() => expect(screen.queryByText('Due Date must be at most 14 days ahead.')).toBeNull());
  });

  it('with an answer written and no type chosen, says the type is missing', async () => {
    const user = userEvent.setup();
    renderPage(<UploadPage />, { path: '/upload', at: '/upload' });
    await user.type(screen.getByLabelText('Answer'), 'zero');
    await user.type(screen.getByLabelText('Assignment Title'), 'Loops');
    await user.click(screen.getByRole('button', { name: 'Assign to Students' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Type is missing.');
    expect(screen.queryByText('Answer is missing.')).toBeNull();
  });

  it('shows code as code in the confirm dialog, never the "&code:" marker', async () => {
    const user = userEvent.setup();
    renderPage(<UploadPage />, { path: '/upload', at: '/upload' });
    await user.type(screen.getByLabelText('Assignment Title'), 'Loops');
    await user.type(screen.getByLabelText('Question Text'), 'What prints?');
    await user.type(screen.getByLabelText('Code / details'), 'print(1)');
    await user.selectOptions(screen.getByLabelText('Code language'), 'python');
    await user.selectOptions(screen.getByLabelText('Type'), 's');
    await user.type(screen.getByLabelText('Answer'), 'x = 1');
    await user.click(screen.getByRole('checkbox', { name: 'Code' }));
    await user.type(screen.getByLabelText('Explanation'), 'Because.');
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 16);
    fireEvent.change(screen.getByLabelText('Due Date'), { target: { value: tomorrow } });
    await user.click(screen.getByRole('button', { name: 'Assign to Students' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).not.toContain('&code:');
    expect(dialog.textContent).not.toContain('&type=');
    expect(dialog.textContent).toContain('Python');
    expect(dialog.textContent).toContain('print(1)');
    expect(dialog.querySelectorAll('pre')).toHaveLength(2);
  });
});

describe('UploadPage in Korean', () => {
  it('shows the form, its checks and the preview in Korean, no English left', async () => {
    vi.stubGlobal(
      'fetch',
      jsonFetch({ student: [{ id: 1, name: 'ann', email: 'a@example.com', url: null }] }),
    );
    await showLanguage('ko');
    try {
      const user = userEvent.setup();
      renderPage(<UploadPage />, { path: '/upload', at: '/upload' });
      expect(await screen.findByRole('heading', { name: '문제 올리기', level: 1 })).toBeTruthy();
      await screen.findByText('ann');
      for (const label of [
        '과제 제목',
        '문제 내용',
        '코드 / 세부 내용',
        '유형',
        '정답',
        '힌트',
        '주제',
        '해설',
        '마감일',
      ])
        expect(screen.getByLabelText(label)).toBeTruthy();
      expect(screen.getByRole('button', { name: '과제 제목 고정' })).toBeTruthy();
      expect(screen.getByRole('option', { name: '복수 정답 (M)' })).toBeTruthy();
      expect(screen.getByRole('tab', { name: '문제 1' })).toBeTruthy();
      for (const name of [
        '학생에게 내주기',
        '문제와 제출 결과 미리 보기',
        '문제 복제',
        '문제 추가 +',
        '모두 지우기',
        '모두 선택',
      ])
        expect(screen.getByRole('button', { name })).toBeTruthy();

      // The first check's alert, in Korean.
      await user.click(screen.getByRole('button', { name: '학생에게 내주기' }));
      expect(await screen.findByText('정답을 입력하세요.')).toBeTruthy();
      await user.selectOptions(screen.getByLabelText('유형'), 'm');
      expect(screen.getByRole('group', { name: '보기 (정답 하나를 표시하세요)' })).toBeTruthy();
      expect(screen.getByRole('radio', { name: '1번 보기가 정답' })).toBeTruthy();
      await user.click(screen.getByRole('button', { name: '문제와 제출 결과 미리 보기' }));
      expect(screen.getByRole('heading', { name: '학생에게 보이는 모습' })).toBeTruthy();

      const form = screen.getByRole('tabpanel');
      const shown = `${form.textContent} ${screen.getByRole('tablist').textContent}`;
      for (const english of [
        'Assignment',
        'Question',
        'Code',
        'Type',
        'Answer',
        'Hints',
        'Topics',
        'Explanation',
        'Due Date',
        'Students',
        'Select All',
        'Preview',
        'Duplicate',
        'Remove',
        'Option',
        'chosen',
        ' time',
      ])
        expect(shown).not.toContain(english);
    } finally {
      await showLanguage('en');
    }
  });
});
