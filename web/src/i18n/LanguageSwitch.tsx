import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../common/i18n/translation.ts';
import { useInteractive } from '../routing/useInteractive.ts';
import styles from './LanguageSwitch.module.css';
import { rememberLanguage, showLanguage } from './language.ts';
import { useLanguage, useTexts } from './texts.ts';

/**
 * Switches the interface between English and Korean: a native select (keyboard and screen
 * readers as they expect), each language named in itself. The choice is remembered in this browser
 * (cookie); `onChosen` saves it with a signed-in user's account.
 */
export function LanguageSwitch({
  tone = 'light',
  onChosen,
}: {
  /** 'dark' on the header's coloured bar. */
  tone?: 'light' | 'dark';
  onChosen?: (language: Language) => void;
}) {
  const { headerTexts } = useTexts('messages');
  const language = useLanguage();
  const interactive = useInteractive();
  return (
    <select
      className={`${styles.select} ${tone === 'dark' ? styles.dark : ''}`}
      aria-label={headerTexts.language}
      title={headerTexts.language}
      value={language}
      disabled={!interactive}
      onChange={(event) => {
        const chosen = event.target.value as Language;
        rememberLanguage(chosen);
        void showLanguage(chosen);
        onChosen?.(chosen);
      }}
    >
      {LANGUAGES.map((option) => (
        <option key={option} value={option} lang={option}>
          {LANGUAGE_NAMES[option]}
        </option>
      ))}
    </select>
  );
}
