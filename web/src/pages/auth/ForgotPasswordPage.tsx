import { useState } from 'react';
import { limits } from '../../../../common/limits.ts';
import { failureMessage } from '../../api/failures.ts';
import { recoveryApi } from '../../api/recovery.ts';
import { LanguageSwitch } from '../../i18n/LanguageSwitch.tsx';
import { useTexts } from '../../i18n/texts.ts';
import { PreloadLink as Link } from '../../routing/PreloadLink.tsx';
import { useToast } from '../../ui/Toast.tsx';
import styles from './auth.module.css';
import { useSubmit } from './useSubmit.ts';

/**
 * Forgot password (`/forgot-password`): an email, then the server's one sentence, the same whether
 * or not the email has an account (docs/product.md, "Accounts and sign-in"). The link arrives by mail.
 */
export function ForgotPasswordPage() {
  const { recoveryTexts } = useTexts('account');
  const { failureTexts } = useTexts('messages');
  const { showToast, dismissToast } = useToast();
  const [email, setEmail] = useState('');
  const [answer, setAnswer] = useState<string | null>(null);

  const { busy, onSubmit, onEnter } = useSubmit({
    check: () => (email.trim() ? null : recoveryTexts.emailEmpty),
    send: async () => {
      const { message } = await recoveryApi.request(email.trim());
      dismissToast();
      setAnswer(message);
    },
    // A malformed email (400) or too many requests (429): the server's words.
    onError: (error) => showToast(failureMessage(error, { fallback: failureTexts.serverIssueBang })),
  });

  return (
    <main className={styles.screen}>
      <section className={styles.card} aria-labelledby="forgot-title">
        <h1 id="forgot-title" className={styles.title}>
          {recoveryTexts.forgotTitle}
        </h1>
        <p className={styles.subtitle}>{recoveryTexts.forgotIntro}</p>
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <div className={styles.field}>
            <label className={styles.label} htmlFor="forgot-email">
              {recoveryTexts.emailLabel}
            </label>
            <input
              id="forgot-email"
              className={styles.input}
              type="email"
              autoComplete="username"
              maxLength={limits.emailMax}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              onKeyDown={onEnter}
            />
          </div>
          <button className={styles.submit} type="submit" disabled={!email || busy}>
            {busy ? recoveryTexts.sending : recoveryTexts.send}
          </button>
          <p className={styles.hint} role="status">
            {answer ?? ''}
          </p>
        </form>
        <p className={styles.footer}>
          <Link to="/login">{recoveryTexts.backToSignIn}</Link>
        </p>
      </section>
      <div className={styles.languageBar}>
        <LanguageSwitch />
      </div>
    </main>
  );
}
