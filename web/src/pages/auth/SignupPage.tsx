import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { limits } from '../../../../common/limits.ts';
import { failureMessage } from '../../api/failures.ts';
import { sessionChanged } from '../../api/session.ts';
import { usersApi } from '../../api/users.ts';
import { LanguageSwitch } from '../../i18n/LanguageSwitch.tsx';
import { useTexts } from '../../i18n/texts.ts';
import type { LoginState } from '../../layout/useApiFailure.ts';
import { PreloadLink as Link } from '../../routing/PreloadLink.tsx';
import { useInteractive } from '../../routing/useInteractive.ts';
import { useToast } from '../../ui/Toast.tsx';
import styles from './auth.module.css';
import { safeReturnPath } from './LoginPage.tsx';
import { PasswordInput } from './PasswordInput.tsx';
import { useSubmit } from './useSubmit.ts';

/**
 * Sign-up. The First Name is the account's username (the name in /user/{name} and in the teacher's
 * lists). After a successful sign-up the new user is signed in.
 */
export function SignupPage() {
  const { authTexts, failureTexts } = useTexts('messages');
  const navigate = useNavigate();
  const location = useLocation();
  const { showToast, dismissToast } = useToast();
  const interactive = useInteractive();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const ready = Boolean(email && name && password && repeat && password === repeat);
  // Why the button is disabled, said as the user types.
  const mismatch = repeat !== '' && password !== repeat;
  const missing = !email || !name || !password || !repeat;

  // Someone already signed in has an account: /signup goes to their dashboard. A failed
  // refresh (no session) leaves the form, silently.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once when the page opens
  useEffect(() => {
    const controller = new AbortController();
    usersApi
      .refresh()
      .then((username) => {
        if (!controller.signal.aborted && username)
          navigate(`/user/${encodeURIComponent(username)}`, { replace: true });
      })
      .catch(() => {});
    return () => controller.abort();
  }, []);

  const { busy, onSubmit, onEnter } = useSubmit({
    check: () => {
      if (!email.trim()) return authTexts.signUpEmailEmpty;
      if (!name.trim()) return authTexts.firstNameEmpty;
      if (!password) return authTexts.signUpPasswordEmpty;
      if (password !== repeat) return authTexts.passwordsDoNotMatch;
      return null;
    },
    send: async () => {
      const username = await usersApi.signup(email.trim(), name.trim(), password);
      await usersApi.login(email.trim(), password);
      dismissToast();
      sessionChanged();
      const from = safeReturnPath((location.state as LoginState | null)?.from);
      navigate(from ?? `/user/${encodeURIComponent(username)}`, { replace: true });
    },
    // A sign-up failure shows the server's text (in words, by the shared rule).
    onError: (error) => showToast(failureMessage(error, { fallback: failureTexts.serverIssueBang })),
  });

  return (
    <main className={styles.screen}>
      <section className={styles.card} aria-labelledby="sign-up-title">
        <h1 id="sign-up-title" className={styles.title}>
          {authTexts.signUpTitle}
        </h1>
        <p className={styles.subtitle}>Create your Tutorfolio account</p>
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <fieldset className={styles.fieldset} disabled={!interactive}>
            <div className={styles.field}>
              <label className={styles.label} htmlFor="signup-email">
                {authTexts.signUpEmailLabel}
              </label>
              <input
                id="signup-email"
                className={styles.input}
                type="email"
                autoComplete="email"
                maxLength={limits.emailMax}
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                onKeyDown={onEnter}
              />
            </div>
            <div className={styles.field}>
              <label className={styles.label} htmlFor="signup-name">
                {authTexts.firstNameLabel}
              </label>
              <input
                id="signup-name"
                className={styles.input}
                autoComplete="given-name"
                maxLength={limits.usernameMax}
                aria-describedby="signup-name-hint"
                value={name}
                onChange={(event) => setName(event.target.value)}
                onKeyDown={onEnter}
              />
              <p id="signup-name-hint" className={styles.hint}>
                {authTexts.nameHint}
              </p>
            </div>
            <div className={styles.field}>
              <label className={styles.label} htmlFor="signup-password">
                {authTexts.signUpPasswordLabel}
              </label>
              <PasswordInput
                id="signup-password"
                value={password}
                onChange={setPassword}
                onKeyDown={onEnter}
                autoComplete="new-password"
                describedBy="signup-password-hint"
              />
              <p id="signup-password-hint" className={styles.hint}>
                {limits.passwordMin} to {limits.passwordMax} characters.
              </p>
            </div>
            <div className={styles.field}>
              <label className={styles.label} htmlFor="signup-repeat">
                {authTexts.repeatPasswordLabel}
              </label>
              <PasswordInput
                id="signup-repeat"
                value={repeat}
                onChange={setRepeat}
                onKeyDown={onEnter}
                autoComplete="new-password"
                describedBy="signup-repeat-check"
              />
              <p id="signup-repeat-check" className={styles.problem} aria-live="polite">
                {mismatch ? authTexts.passwordsDoNotMatch : ''}
              </p>
            </div>
            <button
              className={styles.submit}
              type="submit"
              disabled={!ready || busy}
              aria-describedby="signup-why"
            >
              {authTexts.signUpButton}
            </button>
            <p id="signup-why" className={styles.hint}>
              {missing ? authTexts.fillAllFour : ''}
            </p>
          </fieldset>
        </form>
        <p className={styles.footer}>
          <Link to="/login" state={location.state}>
            {authTexts.signInTitle}
          </Link>
        </p>
      </section>
      {/* Top right (auth.module.css), last in the tab order: the form comes first. */}
      <div className={styles.languageBar}>
        <LanguageSwitch />
      </div>
    </main>
  );
}
