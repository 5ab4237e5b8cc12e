import type {
  PasswordResetAnswer,
  PasswordResetConfirm,
  PasswordResetState,
} from '../../../common/contracts/users.ts';
import { apiJson, apiText } from './client.ts';

/**
 * The password recovery pages' calls, apart from the sign-in path's `api/users.ts`, so the first
 * load of /login does not carry them.
 */
export const recoveryApi = {
  /** Asks for a reset link by mail: the same sentence whatever the email. */
  request: (email: string) =>
    apiJson<PasswordResetAnswer>('users/password-reset', { method: 'POST', body: { email } }),
  /** Whether a reset link still works. */
  check: (token: string, signal?: AbortSignal) =>
    apiJson<PasswordResetState>('users/password-reset/check', { method: 'POST', body: { token }, signal }),
  /** Sets the new password and signs in; answers the username. */
  confirm: (body: PasswordResetConfirm) => apiText('users/password-reset/confirm', { method: 'POST', body }),
};
