import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { sessionChanged } from '../../api/session.ts';
import { usersApi } from '../../api/users.ts';
import { useTexts } from '../../i18n/texts.ts';
import { preloadRoute } from '../../routing/preload.ts';
import styles from './auth.module.css';
import { useSubmit } from './useSubmit.ts';

/**
 * The landing page of a provider sign-in by someone new: asks 'You are not signed it yet.
 * Do you want to sign in?'; yes exchanges the token for an account and goes to /user/{username}; no, a
 * missing token, or a failure go to /login. A failure is logged only, without a message.
 */
export function OAuthRegisterPage() {
  const { oauthTexts } = useTexts('messages');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const { busy, submit: confirm } = useSubmit({
    send: async () => {
      if (!token) return;
      // The dashboard's code downloads while the server makes the account.
      preloadRoute('/user/me');
      const username = await usersApi.oauthRegister(token);
      sessionChanged();
      navigate(`/user/${encodeURIComponent(username)}`, { replace: true });
    },
    onError: (error) => {
      console.error('OAuth registration failed:', error);
      navigate('/login', { replace: true });
    },
    stayBusy: true,
  });

  useEffect(() => {
    if (!token) navigate('/login', { replace: true });
  }, [token, navigate]);
  if (!token) return null;

  return (
    <main className={styles.screen}>
      <section className={styles.card} aria-labelledby="oauth-register-question">
        <h1 id="oauth-register-question" className={styles.question}>
          {oauthTexts.registerQuestion}
        </h1>
        <div className={styles.answers}>
          <button
            type="button"
            className={styles.secondary}
            onClick={() => navigate('/login', { replace: true })}
            disabled={busy}
          >
            {oauthTexts.registerDecline}
          </button>
          {/* biome-ignore lint/a11y/noAutofocus: the page's one question; its answer takes focus */}
          <button type="button" className={styles.submit} onClick={confirm} disabled={busy} autoFocus>
            {oauthTexts.registerConfirm}
          </button>
        </div>
      </section>
    </main>
  );
}
