import type { AuthCheckResponse, LanguageResponse, UserResponse } from '../../../common/contracts/users.ts';
import type { Language } from '../../../common/i18n/translation.ts';
import { apiJson, apiText } from './client.ts';

export const usersApi = {
  login: (email: string, password: string) =>
    apiText('users/login', { method: 'POST', body: { email, password } }),
  signup: (email: string, username: string, password: string) =>
    apiText('users/signup', { method: 'POST', body: { email, username, password } }),
  logout: () => apiText('users/logout', { method: 'POST' }),
  refresh: () => apiText('users/refresh', { method: 'POST' }),
  authCheck: () => apiJson<AuthCheckResponse>('users/auth-check'),
  /** Saves the signed-in user's interface language (null: follow the browser). */
  saveLanguage: (language: Language | null) =>
    apiJson<LanguageResponse>('users/language', { method: 'PUT', body: { language } }),
  user: (name: string) => apiJson<UserResponse>(`users/${encodeURIComponent(name)}`),
  /** The configured sign-in providers (the page reads them from index.html when it can). */
  oauthProviders: (signal?: AbortSignal) => apiJson<string[]>('users/oauth/providers', { signal }),
  /** Exchanges the one-use code of `/oauth2/register?token=…` for an account; answers the username. */
  oauthRegister: (token: string) => apiText('users/oauth/register', { method: 'POST', body: { token } }),
};

/** TanStack Query keys, one place. */
export const userKeys = {
  auth: ['auth-check'] as const,
  user: (name: string) => ['user', name.toLowerCase()] as const,
};
