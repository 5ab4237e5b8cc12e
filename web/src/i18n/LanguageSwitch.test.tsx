import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as ko from '../../../common/i18n/ko/messages.ts';
import { authTexts } from '../../../common/messages.ts';
import { jsonFetch, renderPage } from '../../test/renderPage.tsx';
import { SignupPage } from '../pages/auth/SignupPage.tsx';
import { chosenLanguage, detectLanguage, showLanguage } from './language.ts';
import { textsNow } from './texts.ts';

afterEach(async () => {
  vi.unstubAllGlobals();
  await showLanguage('en');
  // biome-ignore lint/suspicious/noDocumentCookie: clearing the test's language cookie
  document.cookie = 'lang=; Path=/; Max-Age=0';
});

const noSession = () => new Response(JSON.stringify({ status: 401, message: 'no' }), { status: 401 });

describe('the language switch', () => {
  it('redraws the page in Korean, remembers the choice in a cookie, and switches back', async () => {
    vi.stubGlobal('fetch', jsonFetch({ 'POST users/refresh': noSession }));
    const user = userEvent.setup();
    renderPage(<SignupPage />, { path: '/signup', at: '/signup' });
    expect(screen.getByRole('heading', { name: authTexts.signUpTitle })).toBeTruthy();
    const select = screen.getByRole('combobox', { name: 'Language' });
    await user.selectOptions(select, '한국어');
    await waitFor(() => expect(screen.getByRole('heading', { name: ko.authTexts.signUpTitle })).toBeTruthy());
    expect(screen.getByLabelText(ko.authTexts.firstNameLabel)).toBeTruthy();
    expect(document.documentElement.lang).toBe('ko');
    expect(chosenLanguage()).toBe('ko');
    expect(textsNow().failureTexts.accessDenied).toBe(ko.failureTexts.accessDenied);
    await user.selectOptions(screen.getByRole('combobox', { name: ko.headerTexts.language }), 'English');
    await waitFor(() => expect(screen.getByRole('heading', { name: authTexts.signUpTitle })).toBeTruthy());
    expect(chosenLanguage()).toBe('en');
  });

  it("follows the browser's languages until a choice is made: ko* is Korean, anything else English", () => {
    const languages = vi.spyOn(navigator, 'languages', 'get');
    languages.mockReturnValue(['ko-KR', 'en-US']);
    expect(detectLanguage()).toBe('ko');
    languages.mockReturnValue(['ja', 'ko']);
    expect(detectLanguage()).toBe('ko');
    languages.mockReturnValue(['en-GB', 'ko']);
    expect(detectLanguage()).toBe('en');
    languages.mockReturnValue(['fr']);
    expect(detectLanguage()).toBe('en');
    // biome-ignore lint/suspicious/noDocumentCookie: the choice made in the header
    document.cookie = 'lang=en; Path=/';
    languages.mockReturnValue(['ko-KR']);
    expect(detectLanguage()).toBe('en');
    languages.mockRestore();
  });
});
