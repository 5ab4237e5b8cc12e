import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isOAuthOutcome, isOAuthProvider, providerLabels } from '../../../../common/oauth.ts';
import { safeReturnPath } from '../../../../common/returnPath.ts';
import { isApiError } from '../../api/client.ts';
import { failureMessage } from '../../api/failures.ts';
import { sessionChanged } from '../../api/session.ts';
import { usersApi } from '../../api/users.ts';
import { LanguageSwitch } from '../../i18n/LanguageSwitch.tsx';
import { type Namespaces, useTexts } from '../../i18n/texts.ts';
import type { LoginState } from '../../layout/useApiFailure.ts';
import { PreloadLink as Link } from '../../routing/PreloadLink.tsx';
import { preloadRoute } from '../../routing/preload.ts';
import { useInteractive } from '../../routing/useInteractive.ts';
import { useToast } from '../../ui/Toast.tsx';
import styles from './auth.module.css';
import { PasswordInput } from './PasswordInput.tsx';
import { ProviderButtons } from './ProviderButtons.tsx';
import { useSubmit } from './useSubmit.ts';

/** Only same-app paths are followed after sign-in (never `//evil.example`); shared with the server. */
export { safeReturnPath };

/** The variant sign-in page ('Welcome Back' / 'Sign In to your account'), at /signin. */
export function WelcomeBackPage() {
  return <LoginPage variant="welcomeBack" />;
}

/** The sentence for `/login?oauth=<outcome>&provider=<name>` (a provider sign-in that came back here). */
function providerOutcome(
  search: string,
  oauthTexts: Namespaces['messages']['oauthTexts'],
): { text: string; tone: 'error' | 'info' } | null {
  const params = new URLSearchParams(search);
  const outcome = params.get('oauth');
  const provider = params.get('provider');
  if (!isOAuthOutcome(outcome) || !isOAuthProvider(provider)) return null;
  return {
    text: oauthTexts.outcome[outcome](providerLabels[provider]),
    tone: outcome === 'link' ? 'info' : 'error',
  };
}

export function LoginPage({ variant = 'signIn' }: { variant?: 'signIn' | 'welcomeBack' }) {
  const { authTexts, failureTexts, oauthTexts } = useTexts('messages');
  const navigate = useNavigate();
  const location = useLocation();
  const { showToast, dismissToast } = useToast();
  const interactive = useInteractive();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const passwordRef = useRef<HTMLInputElement>(null);
  const from = safeReturnPath((location.state as LoginState | null)?.from);
  // Sent here by a page that refused the signed-in user (a 403): the form stays, to sign in as
  // someone who may open it, with a way back to their own page.
  const denied = (location.state as LoginState | null)?.denied === true;
  const [signedInAs, setSignedInAs] = useState<string | null>(null);

  const goOn = (username: string) => {
    sessionChanged();
    navigate(from ?? `/user/${encodeURIComponent(username)}`, { replace: true });
  };

  // A provider sign-in that came back here says why, once (the address loses its query).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once when the page opens
  useEffect(() => {
    const outcome = providerOutcome(location.search, oauthTexts);
    if (!outcome) return;
    showToast(outcome.text, outcome.tone);
    navigate({ pathname: location.pathname }, { replace: true, state: location.state });
  }, []);

  // A live session skips the form; a failed refresh is ignored silently.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once when the page opens
  useEffect(() => {
    const controller = new AbortController();
    usersApi
      .refresh()
      .then((username) => {
        if (controller.signal.aborted || !username) return;
        if (denied) setSignedInAs(username);
        else goOn(username);
      })
      .catch(() => {});
    return () => controller.abort();
  }, []);

  const { busy, onSubmit, onEnter } = useSubmit({
    check: () => {
      if (!email.trim()) return authTexts.userEmailEmpty;
      if (!password) return authTexts.passwordEmpty;
      return null;
    },
    send: async () => {
      // The next page's code downloads while the server checks the password.
      preloadRoute(from ?? '/user/me');
      const username = await usersApi.login(email.trim(), password);
      dismissToast();
      goOn(username);
    },
    onError: (error) => {
      setPassword('');
      // Throttled (429), busy (503) or refused input: the shared rule shows what the server says.
      if (isApiError(error, 401)) showToast(authTexts.signInFailed);
      else showToast(failureMessage(error, { fallback: failureTexts.serverIssueBang }));
      passwordRef.current?.focus();
    },
  });

  return (
    <main className={styles.screen}>
      <section className={styles.card} aria-labelledby="sign-in-title">
        <h1 id="sign-in-title" className={styles.title}>
          {variant === 'welcomeBack' ? oauthTexts.welcomeTitle : authTexts.signInTitle}
        </h1>
        <p className={styles.subtitle}>
          {variant === 'welcomeBack' ? oauthTexts.welcomeSubtitle : authTexts.signInSubtitle}
        </p>
        {signedInAs && (
          <p className={styles.hint} role="note">
            {authTexts.signedInAsOther(signedInAs)}{' '}
            <Link to={`/user/${encodeURIComponent(signedInAs)}`}>{authTexts.yourPage}</Link>
            {authTexts.yourPageEnd}
          </p>
        )}
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <fieldset className={styles.fieldset} disabled={!interactive}>
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
          </fieldset>
        </form>
        <p className={styles.forgot}>
          <Link to="/forgot-password">{authTexts.forgotPassword}</Link>
        </p>
        <ProviderButtons from={from} />
        <p className={styles.footer}>
          <Link to="/signup" state={location.state}>
            {authTexts.signUpLink}
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
