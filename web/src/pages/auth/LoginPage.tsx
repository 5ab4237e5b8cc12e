import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { authTexts, failureTexts } from '../../../../common/messages.ts';
import { safeReturnPath } from '../../../../common/returnPath.ts';
import { isApiError } from '../../api/client.ts';
import { sessionChanged } from '../../api/session.ts';
import { usersApi } from '../../api/users.ts';
import type { LoginState } from '../../layout/useApiFailure.ts';
import { preloadRoute } from '../../routes.tsx';
import { PreloadLink as Link } from '../../routing/PreloadLink.tsx';
import { useAlert } from '../../ui/alerts.tsx';
import styles from './auth.module.css';
import { PasswordInput } from './PasswordInput.tsx';

/** Only same-app paths are followed after sign-in (never `//evil.example`); shared with the server. */
export { safeReturnPath };

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { showAlert, clearAlert } = useAlert();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const from = safeReturnPath((location.state as LoginState | null)?.from);

  const goOn = (username: string) => {
    sessionChanged();
    navigate(from ?? `/user/${encodeURIComponent(username)}`, { replace: true });
  };

  // A live session skips the form (spec 1 §2); a failed refresh is ignored silently (§8).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once when the page opens
  useEffect(() => {
    const controller = new AbortController();
    usersApi
      .refresh()
      .then((username) => {
        if (!controller.signal.aborted && username) goOn(username);
      })
      .catch(() => {});
    return () => controller.abort();
  }, []);

  const submit = async () => {
    if (busy) return;
    if (!email.trim()) return showAlert(authTexts.userEmailEmpty);
    if (!password) return showAlert(authTexts.passwordEmpty);
    setBusy(true);
    // The next page's code downloads while the server checks the password.
    preloadRoute(from ?? '/user/me');
    try {
      const username = await usersApi.login(email.trim(), password);
      clearAlert();
      goOn(username);
    } catch (error) {
      setPassword('');
      if (isApiError(error, 401)) showAlert(authTexts.signInFailed);
      // Throttled (429), busy (503, argon2 work bounded) or refused input: the server says when to retry.
      else if (isApiError(error, 429) || isApiError(error, 503) || isApiError(error, 400))
        showAlert(error.message);
      else showAlert(failureTexts.serverIssueBang);
      passwordRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };
  // Enter submits even while the button is disabled, so empty fields get the spec's alerts.
  const onEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <main className={styles.screen}>
      <section className={styles.card} aria-labelledby="sign-in-title">
        <h1 id="sign-in-title" className={styles.title}>
          {authTexts.signInTitle}
        </h1>
        <p className={styles.subtitle}>{authTexts.signInSubtitle}</p>
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <div className={styles.field}>
            <label className={styles.label} htmlFor="login-email">
              {authTexts.emailLabel}
            </label>
            <input
              id="login-email"
              className={styles.input}
              type="email"
              autoComplete="username"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              onKeyDown={onEnter}
            />
          </div>
          <div className={styles.field}>
            <label className={styles.label} htmlFor="login-password">
              {authTexts.passwordLabel}
            </label>
            <PasswordInput
              id="login-password"
              inputRef={passwordRef}
              value={password}
              onChange={setPassword}
              onKeyDown={onEnter}
              autoComplete="current-password"
            />
          </div>
          <button className={styles.submit} type="submit" disabled={!email || !password || busy}>
            {authTexts.signInButton}
          </button>
        </form>
        <p className={styles.footer}>
          <Link to="/signup" state={location.state}>
            {authTexts.signUpLink}
          </Link>
        </p>
      </section>
    </main>
  );
}
