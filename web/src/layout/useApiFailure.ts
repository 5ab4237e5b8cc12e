import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { AuthCheckResponse } from '../../../common/contracts/users.ts';
import { failureTexts } from '../../../common/messages.ts';
import { isApiError } from '../api/client.ts';
import { userKeys, usersApi } from '../api/users.ts';
import { useAlert } from '../ui/alerts.tsx';

export type FailureOptions = {
  /** Text for a 401 (spec 1 §8: the header's text unless a page says otherwise). */
  unauthorizedText?: string;
  /**
   * Where a 403 goes after 'Access Denied!' (spec 1 §8: a student's tutoring page, else /login). A
   * function gets the signed-in user: pages ask the server beside the header's session check, so a
   * 403 may arrive before that check has answered, and the move waits for it.
   */
  forbiddenTo?: string | ((me: AuthCheckResponse) => string);
  /** Text for any other failure. */
  otherText?: string;
};

/** Where sign-in sends the user back to: the path they asked for, with its query string. */
export type LoginState = { from?: string };

/**
 * Spec 1 §8 in one place: 401 → alert and /login remembering where the user was (path and query);
 * 403 → 'Access Denied!' and away; anything else → the page's generic alert.
 */
export function useApiFailure(defaults: FailureOptions = {}) {
  const navigate = useNavigate();
  const location = useLocation();
  const { showAlert } = useAlert();
  const queryClient = useQueryClient();
  const { unauthorizedText, forbiddenTo, otherText } = defaults;
  return useCallback(
    (error: unknown, options: FailureOptions = {}) => {
      const settings = { unauthorizedText, forbiddenTo, otherText, ...options };
      if (isApiError(error, 401)) {
        showAlert(settings.unauthorizedText ?? failureTexts.sessionExpired);
        const state: LoginState = { from: `${location.pathname}${location.search}` };
        navigate('/login', { state, replace: true });
        return;
      }
      if (isApiError(error, 403)) {
        showAlert(failureTexts.accessDenied);
        const target = settings.forbiddenTo;
        if (typeof target !== 'function') {
          navigate(target ?? '/login', { replace: true });
          return;
        }
        queryClient.ensureQueryData({ queryKey: userKeys.auth, queryFn: usersApi.authCheck }).then(
          (me) => navigate(target(me), { replace: true }),
          () => navigate('/login', { replace: true }),
        );
        return;
      }
      showAlert(settings.otherText ?? failureTexts.serverIssueBang);
    },
    [
      navigate,
      location.pathname,
      location.search,
      showAlert,
      queryClient,
      unauthorizedText,
      forbiddenTo,
      otherText,
    ],
  );
}

/** Spec 1 §8: a student refused someone else's page goes to their own tutoring page. */
export const ownTutoringPage = (me: AuthCheckResponse) => `/tutoring/${encodeURIComponent(me.username)}`;
