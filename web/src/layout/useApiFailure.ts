import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { failureTexts } from '../../../common/messages.ts';
import { isApiError } from '../api/client.ts';
import { useAlert } from '../ui/alerts.tsx';

export type FailureOptions = {
  /** Text for a 401 (spec 1 §8: the header's text unless a page says otherwise). */
  unauthorizedText?: string;
  /** Where a 403 goes after 'Access Denied!' (spec 1 §8: a student's tutoring page, else /login). */
  forbiddenTo?: string;
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
        navigate(settings.forbiddenTo ?? '/login', { replace: true });
        return;
      }
      showAlert(settings.otherText ?? failureTexts.serverIssueBang);
    },
    [navigate, location.pathname, location.search, showAlert, unauthorizedText, forbiddenTo, otherText],
  );
}
