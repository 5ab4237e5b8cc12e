import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type DraftAnswers, tutoringApi, tutoringKeys } from '../../api/tutoring.ts';

const SAVE_DELAY_MS = 600;
type Stored = { answers: DraftAnswers; updatedAt: number };

/** Local copy for offline use, one key per student so two students on one browser never mix. */
export function localDraftKey(name: string): string {
  return `tutorfolio:drafts:${name.toLowerCase()}`;
}
function readLocal(name: string): Stored | null {
  try {
    const raw = localStorage.getItem(localDraftKey(name));
    return raw ? (JSON.parse(raw) as Stored) : null;
  } catch {
    return null;
  }
}

/**
 * A student's answers as they type: kept on the server (debounced) so they follow the student to
 * any device and survive signing out, and in local storage in case the network is gone. Whichever
 * copy is newer wins when the page opens. `pendingIds` drops drafts of questions no longer pending.
 */
export function useDrafts(name: string, pendingIds: number[] | undefined) {
  const [answers, setAnswers] = useState<DraftAnswers>(() => readLocal(name)?.answers ?? {});
  const [saving, setSaving] = useState<'idle' | 'saving' | 'saved' | 'offline'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const unsaved = useRef<DraftAnswers | null>(null);
  const server = useQuery({
    queryKey: tutoringKeys.drafts(name),
    queryFn: () => tutoringApi.drafts(name),
    retry: false,
  });

  // Only pending questions can have drafts; whichever copy arrives is pruned to them.
  const pending = useRef<Set<string> | null>(null);
  const prune = useCallback((current: DraftAnswers): DraftAnswers => {
    const allowed = pending.current;
    if (!allowed) return current;
    const kept = Object.fromEntries(Object.entries(current).filter(([id]) => allowed.has(id)));
    return Object.keys(kept).length === Object.keys(current).length ? current : kept;
  }, []);

  // Reconcile once the server's copy arrives: the newer of it and this browser's copy wins.
  useEffect(() => {
    if (!server.data) return;
    const local = readLocal(name);
    const serverAt = server.data.updatedAt ? new Date(server.data.updatedAt).getTime() : 0;
    if (!local || serverAt >= local.updatedAt) setAnswers(prune(server.data.answers));
  }, [server.data, name, prune]);

  const pendingKey = pendingIds?.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the id list's content
  useEffect(() => {
    if (!pendingIds) return;
    pending.current = new Set(pendingIds.map(String));
    setAnswers(prune);
  }, [pendingKey]);

  const setAnswer = useCallback(
    (questionId: number, value: string) => {
      setAnswers((current) => {
        const next = { ...current };
        if (value === '') delete next[String(questionId)];
        else next[String(questionId)] = value;
        localStorage.setItem(
          localDraftKey(name),
          JSON.stringify({ answers: next, updatedAt: Date.now() } satisfies Stored),
        );
        if (timer.current) clearTimeout(timer.current);
        setSaving('saving');
        unsaved.current = next;
        timer.current = setTimeout(() => {
          unsaved.current = null;
          tutoringApi
            .saveDrafts(name, next)
            .then(() => setSaving('saved'))
            .catch(() => setSaving('offline'));
        }, SAVE_DELAY_MS);
        return next;
      });
    },
    [name],
  );

  const clear = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    unsaved.current = null;
    localStorage.removeItem(localDraftKey(name));
    setAnswers({});
  }, [name]);

  // Leaving the page (or the app) while a save is waiting sends it at once rather than dropping it.
  useEffect(() => {
    const flush = () => {
      if (timer.current) clearTimeout(timer.current);
      if (unsaved.current) void tutoringApi.saveDrafts(name, unsaved.current).catch(() => {});
      unsaved.current = null;
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [name]);

  return { answers, setAnswer, clear, saving };
}
