import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDraftKey, useDrafts } from './useDrafts.ts';

/** A stand-in for the drafts API: one stored copy per student, as the server keeps them. */
const server = new Map<string, { answers: Record<string, string>; updatedAt: string | null }>();
beforeEach(() => {
  server.clear();
  localStorage.clear();
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const name = decodeURIComponent(url.split('/').pop()!);
    if (init?.method === 'PUT') {
      const { answers } = JSON.parse(String(init.body));
      server.set(name, { answers, updatedAt: new Date().toISOString() });
    }
    return new Response(JSON.stringify(server.get(name) ?? { answers: {}, updatedAt: null }), {
      status: 200,
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

describe('useDrafts', () => {
  it('keeps drafts per student: a second student on the same browser never sees the first one’s', async () => {
    const alice = renderHook(() => useDrafts('Alice', [1, 2]), { wrapper });
    act(() => alice.result.current.setAnswer(1, 'alice answer'));
    expect(JSON.parse(localStorage.getItem(localDraftKey('alice'))!).answers).toEqual({ 1: 'alice answer' });
    await waitFor(() => expect(server.get('Alice')?.answers).toEqual({ 1: 'alice answer' }), {
      timeout: 3000,
    });
    alice.unmount();

    const bob = renderHook(() => useDrafts('bob', [1, 2]), { wrapper });
    await waitFor(() => expect(bob.result.current.saving).toBe('idle'));
    expect(bob.result.current.answers).toEqual({});
    bob.unmount();
  });

  it('restores from the server when this browser has no copy, and drops drafts of questions no longer pending', async () => {
    server.set('carol', { answers: { 5: 'kept', 6: 'gone' }, updatedAt: new Date().toISOString() });
    const carol = renderHook(() => useDrafts('carol', [5]), { wrapper });
    await waitFor(() => expect(carol.result.current.answers).toEqual({ 5: 'kept' }));
  });
});
