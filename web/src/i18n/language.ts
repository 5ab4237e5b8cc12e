import { isLanguage, LANGUAGE_COOKIE, type Language, languageOf } from '../../../common/i18n/translation.ts';
import { activateLanguage, currentLanguage, loadedNamespaces, loadTexts } from './texts.ts';

/** The language this browser chose in the header (the cookie), if any. */
export function chosenLanguage(cookie: string = document.cookie): Language | null {
  for (const part of cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE && isLanguage(value)) return value;
  }
  return null;
}

/**
 * The language to show: the one chosen in this browser, else the browser's own (navigator.languages:
 * Korean for `ko*`, otherwise English). The server makes the same choice for the pages it renders,
 * from the cookie and Accept-Language (server/http/web.ts).
 */
export function detectLanguage(): Language {
  return chosenLanguage() ?? languageOf(navigator.languages ?? [navigator.language]);
}

/** Remembers the choice in this browser for a year, so the server renders its pages in it too. */
export function rememberLanguage(language: Language): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain preference cookie; the Cookie Store API is not everywhere yet
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/**
 * Shows the interface in `language`: the namespaces the pages use now are loaded in it first, so
 * the switch redraws once, with every text already there; then `<html lang>` follows.
 */
export async function showLanguage(language: Language): Promise<void> {
  if (language === currentLanguage()) return;
  await Promise.all(loadedNamespaces(currentLanguage()).map((namespace) => loadTexts(namespace, language)));
  await loadTexts('messages', language);
  activateLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
