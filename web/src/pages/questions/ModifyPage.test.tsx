import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, pageOf, questionOnly } from '../../../test/fixtures.ts';
import { jsonFetch, renderPage } from '../../../test/renderPage.tsx';
import { showLanguage } from '../../i18n/language.ts';
import { ModifyPage } from './ModifyPage.tsx';

const withCode = questionOnly({
  id: 9,
  title: 'Squares',
  question: 'What is squares?&code:&type=python:squares = [n * n for n in range(3)]',
  type: 'M',
  candidates: [
    { id: 1, value: '&code:[0, 1, 4]' },
    { id: 2, value: '[1, 4, 9]' },
    { id: 3, value: 'a list' },
  ],
  answer: '["&code:[0, 1, 4]","a list"]',
});

let sent: unknown[] = [];
let urls: string[] = [];
function serve(modifyAnswer: (body: unknown) => Response | unknown) {
  const routes = jsonFetch({
    'GET questions': pageOf([questionOnly({ id: 8, title: 'Loops' }), withCode], { size: 5, total: 12 }),
    'PATCH questions/multiples': (init?: RequestInit) => {
      const body = JSON.parse(String(init?.body));
      sent.push(body);
      return modifyAnswer(body);
    },
  });
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    urls.push(url);
    return routes(url, init);
  });
}
beforeEach(() => {
  sent = [];
  urls = [];
});
afterEach(() => vi.unstubAllGlobals());

const card = (id: number) => screen.getByRole('article', { name: `Question ${id}` });

describe('ModifyPage', () => {
  it('names a refused change by its question and field in words, never "0.title"', async () => {
    serve(() =>
      apiError(400, '0.title: must not be empty', [{ path: '0.title', message: 'must not be empty' }]),
    );
    const user = userEvent.setup();
    renderPage(<ModifyPage />, { path: '/questions/modify', at: '/questions/modify' });
    const title = await within(await screen.findByRole('article', { name: 'Question 8' })).findByLabelText(
      'Title',
    );
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

  it('edits code in its own field with a language picker: no field shows "&code:" or "&type="', async () => {
    serve(() => ({ count: 1, remarked: [] }));
    const user = userEvent.setup();
    renderPage(<ModifyPage />, { path: '/questions/modify', at: '/questions/modify' });
    await screen.findByRole('article', { name: 'Question 9' });
    const fields = within(card(9)).getAllByRole('textbox') as HTMLInputElement[];
    for (const field of fields) {
      expect(field.value).not.toContain('&code:');
      expect(field.value).not.toContain('&type=');
    }
    expect((within(card(9)).getByLabelText('Question') as HTMLTextAreaElement).value).toBe(
      'What is squares?',
    );
    expect((within(card(9)).getByLabelText('Question code') as HTMLTextAreaElement).value).toBe(
      'squares = [n * n for n in range(3)]',
    );
    expect((within(card(9)).getByLabelText(/^Question code language/) as HTMLSelectElement).value).toBe(
      'python',
    );
    // The option that is code: its Code box ticked, its code in a code field; the right ones ticked.
    expect((within(card(9)).getByLabelText('Option 1 code') as HTMLTextAreaElement).value).toBe('[0, 1, 4]');
    expect(
      (within(card(9)).getByRole('checkbox', { name: 'Option 1 is right' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(
      (within(card(9)).getByRole('checkbox', { name: 'Option 3 is right' }) as HTMLInputElement).checked,
    ).toBe(true);
    // Nothing edited, nothing pending.
    expect(screen.getByText('Pending changes (0)')).toBeTruthy();

    // New code in SQL: the stored question gets the marker and tag; the panel shows code as code.
    const code = within(card(9)).getByLabelText('Question code');
    await user.clear(code);
    await user.type(code, 'SELECT 1');
    await user.selectOptions(within(card(9)).getByLabelText(/^Question code language/), 'sql');
    const panel = screen.getByRole('complementary');
    expect(panel.textContent).not.toContain('&code:');
    expect(within(panel).getByText('SQL')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Modify' }));
    await waitFor(() =>
      expect(sent).toEqual([[{ id: 9, question: 'What is squares?&code:&type=sql:SELECT 1' }]]),
    );
  });

  it('keeps its page and title filter in the address', async () => {
    serve(() => ({ count: 0, remarked: [] }));
    const user = userEvent.setup();
    renderPage(<ModifyPage />, { path: '/questions/modify', at: '/questions/modify?page=2&title=Loops' });
    await screen.findByRole('article', { name: 'Question 8' });
    expect(urls.at(-1)).toMatch(/page=1&size=5.*q=Loops|q=Loops.*page=1/);
    expect((screen.getByLabelText('Find by title') as HTMLInputElement).value).toBe('Loops');
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(urls.at(-1)).toContain('page=2'));
  });
});

describe('ModifyPage in Korean', () => {
  it('names the fields, the pending changes and the buttons in Korean', async () => {
    serve(() => ({ count: 1, remarked: [] }));
    await showLanguage('ko');
    try {
      const user = userEvent.setup();
      renderPage(<ModifyPage />, { path: '/questions/modify', at: '/questions/modify' });
      const card = await screen.findByRole('article', { name: '문제 9' });
      expect(screen.getByRole('heading', { name: '문제 수정', level: 1 })).toBeTruthy();
      for (const label of ['제목', '문제', '유형', '해설', '힌트', '주제', '문제 코드 언어'])
        expect(within(card).getByLabelText(label)).toBeTruthy();
      expect(within(card).getByRole('group', { name: '보기 (정답을 모두 표시하세요)' })).toBeTruthy();
      expect(within(card).getByRole('option', { name: '복수 정답 (M)' })).toBeTruthy();
      expect(within(card).getByRole('button', { name: '보기 추가' })).toBeTruthy();
      expect(screen.getByText('문제를 고치면 바뀐 내용이 여기에 보입니다.')).toBeTruthy();
      const title = within(card).getByLabelText('제목');
      await user.clear(title);
      await user.type(title, 'Cubes');
      const pending = screen.getByRole('complementary');
      expect(within(pending).getByRole('heading', { name: '저장 전 변경 사항 (1)' })).toBeTruthy();
      expect(within(pending).getByText('제목')).toBeTruthy();
      // The pager (web/src/layout) is not this page's; the cards and the panel are.
      const shown = `${card.textContent} ${pending.textContent} ${document.querySelector('search')!.textContent}`;
      for (const english of [
        'Modify',
        'Pending',
        'Title',
        'Question',
        'Options',
        'Explanation',
        'Hint',
        'Topics',
        'Add option',
        'code language',
        'Multiple',
      ])
        expect(shown).not.toContain(english);
      await user.click(screen.getByRole('button', { name: '수정 저장' }));
      expect(await screen.findByText('문제 1개를 수정했습니다.')).toBeTruthy();
    } finally {
      await showLanguage('en');
    }
  });
});
