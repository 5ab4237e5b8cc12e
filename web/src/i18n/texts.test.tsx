import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import * as koAdmin from '../../../common/i18n/ko/adminTexts.ts';
import * as ko from '../../../common/i18n/ko/messages.ts';
import { authTexts } from '../../../common/messages.ts';
import { showLanguage } from './language.ts';
import { currentLanguage, i18n, loadTexts, textsNow, useLanguage, useTexts } from './texts.ts';

afterEach(async () => {
  await showLanguage('en');
});

/** Reads the sign-up title and the language as a page does. */
function Title() {
  const { authTexts } = useTexts('messages');
  return <h1 lang={useLanguage()}>{authTexts.signUpTitle}</h1>;
}

describe('the texts store runs on Lingui', () => {
  it("switches the language through Lingui: the language shown is Lingui's active locale", async () => {
    expect(i18n.locale).toBe('en');
    await showLanguage('ko');
    expect(i18n.locale).toBe('ko');
    expect(currentLanguage()).toBe('ko');
    // The texts read are Lingui's catalog of the active locale.
    expect(textsNow().authTexts.signUpTitle).toBe(ko.authTexts.signUpTitle);
    expect((i18n.messages as unknown as { messages: typeof ko }).messages.authTexts).toBe(ko.authTexts);
    await showLanguage('en');
    expect(i18n.locale).toBe('en');
    expect(textsNow().authTexts.signUpTitle).toBe(authTexts.signUpTitle);
  });

  it("redraws components on Lingui's change event, whoever activates the locale", async () => {
    await loadTexts('messages', 'ko');
    render(<Title />);
    expect(screen.getByRole('heading').textContent).toBe(authTexts.signUpTitle);
    // Activated on Lingui's instance itself, not through the app's functions.
    act(() => i18n.activate('ko'));
    expect(screen.getByRole('heading').textContent).toBe(ko.authTexts.signUpTitle);
    expect(screen.getByRole('heading').getAttribute('lang')).toBe('ko');
    act(() => i18n.activate('en'));
    expect(screen.getByRole('heading').textContent).toBe(authTexts.signUpTitle);
    expect(screen.getByRole('heading').getAttribute('lang')).toBe('en');
  });

  it("loads a namespace into its own language's catalog only (Lingui's i18n.load)", async () => {
    await loadTexts('admin', 'ko');
    const catalog = () => i18n.messages as unknown as { admin?: { adminTexts: unknown } };
    // English shown: the Korean admin texts are not in the active catalog.
    expect(catalog().admin?.adminTexts).not.toBe(koAdmin.adminTexts);
    act(() => i18n.activate('ko'));
    expect(catalog().admin?.adminTexts).toBe(koAdmin.adminTexts);
  });
});
