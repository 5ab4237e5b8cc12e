import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { limits } from '../../../../common/limits.ts';
import { failureMessage } from '../../api/failures.ts';
import { isDeadResetLink, recoveryApi } from '../../api/recovery.ts';
import { sessionChanged } from '../../api/session.ts';
import { LanguageSwitch } from '../../i18n/LanguageSwitch.tsx';
import { useTexts } from '../../i18n/texts.ts';
import { PreloadLink as Link } from '../../routing/PreloadLink.tsx';
import { preloadRoute } from '../../routing/preload.ts';
import { useToast } from '../../ui/Toast.tsx';
import styles from './auth.module.css';
import { PasswordInput } from './PasswordInput.tsx';
import { useSubmit } from './useSubmit.ts';

type LinkState = 'checking' | 'valid' | 'invalid';

/**
 * The reset link's page (`/reset-password?token=…`): asks the server whether the link still works,
 * then sets a new password (sign-up's rules) and signs in, every other session of the account having
 * ended. A used or expired link says so, with a way to ask for another. The token leaves the address
 * bar at once (it stays in this history entry's state), so it is not left on screen or in a bookmark.
 */
export function ResetPasswordPage() {
  const { recoveryTexts } = useTexts('account');
  const { failureTexts } = useTexts('messages');
  const navigate = useNavigate();
  const location = useLocation();
  const { showToast, dismissToast } = useToast();
  const fromAddress = new URLSearchParams(location.search).get('token');
  const token = fromAddress ?? (location.state as { token?: string } | null)?.token ?? '';
  const [state, setState] = useState<LinkState>(token ? 'checking' : 'invalid');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const mismatch = repeat !== '' && password !== repeat;

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once when the page opens
  useEffect(() => {
    if (fromAddress) navigate({ pathname: location.pathname }, { replace: true, state: { token } });
    if (!token) return;
    const controller = new AbortController();
    recoveryApi
      .check(token, controller.signal)
      .then(({ valid }) => setState(valid ? 'valid' : 'invalid'))
      .catch((error) => {
        if (controller.signal.aborted) return;
        // A token the server refuses outright (too long) is no link; other failures are said as such.
        if (isDeadResetLink(error, 'check')) setState('invalid');
        else showToast(failureMessage(error, { fallback: failureTexts.serverIssueBang }));
      });
    return () => controller.abort();
  }, []);

  const { busy, onSubmit, onEnter } = useSubmit({
    check: () => {
      if (!password) return recoveryTexts.passwordEmpty;
      if (password !== repeat) return recoveryTexts.passwordsDoNotMatch;
      return null;
    },
    send: async () => {
      preloadRoute('/user/me');
      const username = await recoveryApi.confirm({ token, password });
      dismissToast();
      sessionChanged();
      navigate(`/user/${encodeURIComponent(username)}`, { replace: true });
    },
    onError: (error) => {
      const message = failureMessage(error, { fallback: failureTexts.serverIssueBang });
      // The link was used or expired meanwhile: the page says so instead of the form.
      if (isDeadResetLink(error, 'confirm')) setState('invalid');
      else showToast(message);
    },
  });

  return (
    <main className={styles.screen}>
      {state === 'invalid' ? (
        <section className={styles.card} aria-labelledby="reset-title">
          <h1 id="reset-title" className={styles.title}>
            {recoveryTexts.invalidTitle}
          </h1>
          <p className={styles.subtitle}>{recoveryTexts.invalidText}</p>
          <p className={styles.footer}>
            <Link to="/forgot-password">{recoveryTexts.askAgain}</Link>
          </p>
          <p className={styles.footer}>
            <Link to="/login">{recoveryTexts.backToSignIn}</Link>
          </p>
        </section>
      ) : (
        <section className={styles.card} aria-labelledby="reset-title">
          <h1 id="reset-title" className={styles.title}>
            {recoveryTexts.resetTitle}
          </h1>
          <p className={styles.subtitle}>{recoveryTexts.resetIntro}</p>
          <form className={styles.form} onSubmit={onSubmit} noValidate>
            <fieldset className={styles.fieldset} disabled={state === 'checking'}>
              <div className={styles.field}>
                <label className={styles.label} htmlFor="reset-password">
                  {recoveryTexts.newPassword}
                </label>
                <PasswordInput
                  id="reset-password"
                  value={password}
                  onChange={setPassword}
                  onKeyDown={onEnter}
                  autoComplete="new-password"
                  describedBy="reset-password-hint"
                />
                <p id="reset-password-hint" className={styles.hint}>
                  {recoveryTexts.passwordHint}
                </p>
              </div>
              <div className={styles.field}>
                <label className={styles.label} htmlFor="reset-repeat">
                  {recoveryTexts.repeatPassword}
                </label>
                <PasswordInput
                  id="reset-repeat"
                  value={repeat}
                  onChange={setRepeat}
                  onKeyDown={onEnter}
                  autoComplete="new-password"
                  describedBy="reset-repeat-check"
                />
                <p id="reset-repeat-check" className={styles.problem} aria-live="polite">
                  {mismatch ? recoveryTexts.passwordsDoNotMatch : ''}
                </p>
              </div>
              <button
                className={styles.submit}
                type="submit"
                disabled={!password || password !== repeat || password.length > limits.passwordMax || busy}
              >
                {recoveryTexts.save}
              </button>
              <p className={styles.hint} role="status">
                {state === 'checking' ? recoveryTexts.checking : ''}
              </p>
            </fieldset>
          </form>
        </section>
      )}
      <div className={styles.languageBar}>
        <LanguageSwitch />
      </div>
    </main>
  );
}
