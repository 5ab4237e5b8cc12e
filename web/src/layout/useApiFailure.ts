import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { AuthCheckResponse } from '../../../common/contracts/users.ts';
import { isApiError } from '../api/client.ts';
import { type FailureWords, failureMessage } from '../api/failures.ts';
import { userKeys, usersApi } from '../api/users.ts';
import { useTexts } from '../i18n/texts.ts';
import { flashToast, useToast } from '../ui/Toast.tsx';

export type FailureOptions = {
  /** Text for a 401: the header's text unless a page says otherwise. */
  unauthorizedText?: string;
  /**
   * Where a 403 goes after 'Access Denied!' (a student's tutoring page, else /login). A
   * function gets the signed-in user: pages ask the server beside the header's session check, so a
   * 403 may arrive before that check has answered, and the move waits for it.
   */
  forbiddenTo?: string | ((me: AuthCheckResponse) => string);
  /** Text for a server failure (5xx): the page's generic text. */
  otherText?: string;
  /** The page reloads next (as after a submit): show the words after the reload. */
  flash?: boolean;
} & Partial<Omit<FailureWords, 'fallback'>>;

/** A page's defaults: values only (kept stable across renders), no labellers. */
export type PageFailureDefaults = Pick<
  FailureOptions,
  'unauthorizedText' | 'forbiddenTo' | 'otherText' | 'notFound'
>;

/**
 * Where sign-in sends the user back to: the path they asked for, with its query string. `denied`:
 * they came because a page refused them (403), so the sign-in form is shown even to a live session
 * (a 403 goes to /login), for signing in as someone who may open it.
 */
export type LoginState = { from?: string; denied?: boolean };

/**
 * The failure rule in one place, for every page (docs/architecture.md, "Errors and messages"):
 * 401 → alert and /login remembering where the user was (path and query); 403 → 'Access Denied!'
 * and away; anything else → one alert whose words come from the shared rule (api/failures.ts).
 */
export function useApiFailure(defaults: PageFailureDefaults = {}) {
  const { failureTexts } = useTexts('messages');
  const navigate = useNavigate();
  const location = useLocation();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const { unauthorizedText, forbiddenTo, otherText, notFound } = defaults;
  return useCallback(
    (error: unknown, options: FailureOptions = {}) => {
      const settings: FailureOptions = { unauthorizedText, forbiddenTo, otherText, notFound, ...options };
      const from = `${location.pathname}${location.search}`;
      if (isApiError(error, 401)) {
        showToast(settings.unauthorizedText ?? failureTexts.sessionExpired);
        navigate('/login', { state: { from } satisfies LoginState, replace: true });
        return;
      }
      if (isApiError(error, 403)) {
        showToast(failureTexts.accessDenied);
        const target = settings.forbiddenTo ?? '/login';
        const go = (path: string) =>
          navigate(path, {
            replace: true,
            ...(path === '/login' ? { state: { from, denied: true } satisfies LoginState } : {}),
          });
        if (typeof target !== 'function') return go(target);
        queryClient.ensureQueryData({ queryKey: userKeys.auth, queryFn: usersApi.authCheck }).then(
          (me) => go(target(me)),
          () => go('/login'),
        );
        return;
      }
      const words = failureMessage(error, {
        fallback: settings.otherText ?? failureTexts.serverIssueBang,
        item: settings.item,
        keyed: settings.keyed,
        notFound: settings.notFound,
      });
      if (settings.flash) flashToast(words, 'error');
      else showToast(words);
    },
    [
      navigate,
      location.pathname,
      location.search,
      showToast,
      queryClient,
      unauthorizedText,
      forbiddenTo,
      otherText,
      notFound,
      failureTexts.sessionExpired,
      failureTexts.serverIssueBang,
      failureTexts.accessDenied,
    ],
  );
}

/**
 * A student refused someone else's page goes to their own tutoring page; a parent (who
 * has no tutoring page of their own) to their dashboard, with links to their children.
 */
export const ownHomePage = (me: AuthCheckResponse) => {
  const isStudent = me.roles.includes('ROLE_STUDENT');
  const isParent = me.roles.includes('ROLE_PARENT');
  const name = encodeURIComponent(me.username);
  return isParent && !isStudent ? `/user/${name}` : `/tutoring/${name}`;
};
