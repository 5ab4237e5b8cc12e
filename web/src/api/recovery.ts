import type {
  PasswordResetAnswer,
  PasswordResetConfirm,
  PasswordResetState,
} from '../../../common/contracts/users.ts';
import { apiJson, apiText, isApiError } from './client.ts';

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

/**
 * Whether a failed call means the link itself does not work: a check refused at all (a token the
 * server will not even read is no link), or a confirm refused without field details (used or
 * expired meanwhile, unlike a refused password, which names its field).
 */
export function isDeadResetLink(error: unknown, call: 'check' | 'confirm'): boolean {
  return isApiError(error, 400) && (call === 'check' || !error.body?.details?.length);
}
