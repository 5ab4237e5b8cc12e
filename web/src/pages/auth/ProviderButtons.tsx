import { useEffect, useState } from 'react';
import {
  isOAuthProvider,
  OAUTH_META_NAME,
  OAUTH_PROVIDERS,
  type OAuthProvider,
  providerLabels,
} from '../../../../common/oauth.ts';
import { usersApi } from '../../api/users.ts';
import { useTexts } from '../../i18n/texts.ts';
import { usePageSettings } from '../../pageSettings.ts';
import styles from './ProviderButtons.module.css';

/**
 * The providers this server has settings for. The server writes them into index.html (a meta tag),
 * so the buttons are part of the first paint; only without the tag (the Vite dev server) the page asks
 * `GET users/oauth/providers`.
 */
export function providersFromPage(doc: Document = document): OAuthProvider[] | null {
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${OAUTH_META_NAME}"]`);
  if (!meta) return null;
  const named = new Set(meta.content.split(/\s+/).filter(isOAuthProvider));
  return OAUTH_PROVIDERS.filter((provider) => named.has(provider));
}

export function useSignInProviders(): OAuthProvider[] {
  // Rendered by the server (web/src/prerender.tsx), the settings come from it: there is no page yet.
  const settings = usePageSettings();
  const [providers, setProviders] = useState(() =>
    settings ? [...settings.signInProviders] : providersFromPage(),
  );
  useEffect(() => {
    if (providers !== null) return;
    const controller = new AbortController();
    usersApi
      .oauthProviders(controller.signal)
      .then((list) => setProviders(list.filter(isOAuthProvider)))
      .catch(() => setProviders([]));
    return () => controller.abort();
  }, [providers]);
  return providers ?? [];
}

/** Simple marks drawn for this app (not the providers' artwork): a four-colour G, an N, a speech bubble. */
export function ProviderMark({ provider }: { provider: OAuthProvider }) {
  if (provider === 'google') {
    return (
      <svg className={styles.mark} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <g fill="none" strokeWidth="3.6">
          <path stroke="#ea4335" d="M18.13 6.86A8 8 0 0 0 5.07 8" />
          <path stroke="#fbbc05" d="M5.07 8a8 8 0 0 0 0 8" />
          <path stroke="#34a853" d="M5.07 16a8 8 0 0 0 13.86 0" />
          <path stroke="#4285f4" d="M18.93 16A8 8 0 0 0 20 12h-8" />
        </g>
      </svg>
    );
  }
  if (provider === 'naver') {
    return (
      <svg className={styles.mark} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M5 4h4.6l4.9 7.3V4H19v16h-4.6l-4.9-7.3V20H5z" />
      </svg>
    );
  }
  return (
    <svg className={styles.mark} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 4c-5 0-9 3.1-9 7 0 2.5 1.7 4.7 4.2 6L6.3 20.6l4.1-2.7c.5.1 1 .1 1.6.1 5 0 9-3.1 9-7s-4-7-9-7z"
      />
    </svg>
  );
}

/**
 * 'Continue with Google / Naver / Kakao': links that start the provider's sign-in, carrying
 * the path to come back to. Only configured providers get one.
 */
export function ProviderButtons({ from }: { from: string | null }) {
  const { oauthTexts } = useTexts('messages');
  const providers = useSignInProviders();
  if (providers.length === 0) return null;
  const query = from ? `?from=${encodeURIComponent(from)}` : '';
  return (
    <div className={styles.providers}>
      <p className={styles.divider}>
        <span>{oauthTexts.orDivider}</span>
      </p>
      {providers.map((provider) => (
        <a
          key={provider}
          className={`${styles.button} ${styles[provider]}`}
          href={`/oauth2/authorization/${provider}${query}`}
        >
          <ProviderMark provider={provider} />
          <span>{oauthTexts.continueWith(providerLabels[provider])}</span>
        </a>
      ))}
    </div>
  );
}
