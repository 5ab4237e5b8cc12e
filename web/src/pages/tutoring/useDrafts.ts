import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { tutoringApi, tutoringKeys } from '../../api/tutoring.ts';
import { DraftStore } from './draftStore.ts';

export { localDraftKey } from './draftStore.ts';

const SAVE_DELAY_MS = 600;
/** How often an open tab looks for answers changed elsewhere (besides on focus). */
export const DRAFT_POLL_MS = 15_000;
/** After a lost connection, saving is tried again this often (and at once when the browser is back online). */
const RETRY_MS = 10_000;

/**
 * A student's answers as they type (tutoring and review): each changed answer is saved on the
 * server 600 ms after the last keystroke (and at once when leaving the page), kept in local storage
 * until then, and answers changed in another tab or on another device show up on focus and every
 * 15 s. See draftStore.ts for the rules. `enabled: false` (a parent's read-only view) reads nothing.
 */
export function useDrafts(name: string, { enabled = true }: { enabled?: boolean } = {}) {
  const store = useMemo(
    () => new DraftStore(name, (changes) => tutoringApi.patchDrafts(name, changes)),
    [name],
  );
  const answers = useSyncExternalStore(store.subscribe, store.answers);
  const status = useSyncExternalStore(store.subscribe, store.getStatus);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const server = useQuery({
    queryKey: tutoringKeys.drafts(name),
    queryFn: () => tutoringApi.drafts(name),
    enabled,
    refetchOnWindowFocus: 'always',
    refetchInterval: DRAFT_POLL_MS,
  });
  useEffect(() => {
    if (server.data) store.applyServer(server.data);
  }, [server.data, store]);

  const saveNow = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    return store.save();
  }, [store]);

  const schedule = useCallback(
    (delay: number) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        store.save().catch(() => {
          // shown through the store's status; a lost connection is tried again
          if (store.status.kind === 'offline') schedule(RETRY_MS);
        });
      }, delay);
    },
    [store],
  );

  const setAnswer = useCallback(
    (questionId: number, value: string) => {
      store.edit(questionId, value);
      schedule(SAVE_DELAY_MS);
    },
    [store, schedule],
  );

  // Changes left unsaved by an earlier visit go out when the page opens; a tab coming back to the
  // foreground (the browser's focus, not only visibility) looks for changes made elsewhere.
  const { refetch } = server;
  useEffect(() => {
    if (!enabled) return;
    if (store.hasUnsaved()) schedule(0);
    const onFocus = () => void refetch();
    const onOnline = () => {
      if (store.hasUnsaved()) schedule(0);
    };
    window.addEventListener('focus', onFocus);
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('online', onOnline);
    };
  }, [enabled, store, schedule, refetch]);

  // Leaving the page (or the app) while a save is waiting sends it at once rather than dropping it.
  useEffect(() => {
    const flush = () => {
      if (timer.current) void saveNow().catch(() => {});
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [saveNow]);

  return {
    answers,
    setAnswer,
    status,
    versionOf: (questionId: number) => store.versionOf(questionId),
    /**
     * Saves what is unsaved now (before a submit); answers the questions whose change lost to a
     * newer copy from elsewhere, or rejects when saving fails.
     */
    flush: async (): Promise<string[]> => {
      await saveNow();
      return store.status.kind === 'saved' ? store.status.overwritten : [];
    },
    /** The answers shown now (after a flush, the closure's `answers` may be older). */
    current: () => store.answers(),
    forget: (questionIds: readonly number[]) => store.forget(questionIds),
  };
}
