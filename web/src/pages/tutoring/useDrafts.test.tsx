import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { type ReactNode, StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queryClient.ts';
import { localDraftKey, useDrafts } from './useDrafts.ts';

/**
 * A stand-in for the drafts API with the server's rules (server/drafts): per question, with a
 * version; a change typed over an older version loses and gets the newer copy back.
 */
type Row = { answer: string; version: number };
const server = new Map<string, Map<string, Row>>();
const requests: { method: string; body: unknown }[] = [];
let failWith: 'network' | 400 | null = null;

function rowsOf(name: string): Map<string, Row> {
  const rows = server.get(name) ?? new Map<string, Row>();
  server.set(name, rows);
  return rows;
}

beforeEach(() => {
  server.clear();
  requests.length = 0;
  failWith = null;
  localStorage.clear();
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const name = decodeURIComponent(url.split('?')[0]!.split('/').pop()!).toLowerCase();
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ method, body });
    const rows = rowsOf(name);
    if (method === 'PATCH') {
      if (failWith === 'network') throw new TypeError('Failed to fetch');
      if (failWith === 400) {
        const [id] = Object.keys(body.changes);
        return Response.json(
          {
            status: 400,
            error: 'Bad Request',
            message: `changes.${id}.answer: must be at most 10000 characters`,
            details: [{ path: `changes.${id}.answer`, message: 'must be at most 10000 characters' }],
          },
          { status: 400 },
        );
      }
      const saved: Record<string, number> = {};
      const conflicts: Record<string, Row> = {};
      for (const [id, change] of Object.entries(
        body.changes as Record<string, { answer: string; version: number }>,
      )) {
        const current = rows.get(id);
        if ((current?.version ?? 0) === change.version) {
          rows.set(id, { answer: change.answer, version: change.version + 1 });
          saved[id] = change.version + 1;
        } else conflicts[id] = current!;
      }
      return Response.json({ saved, conflicts, closed: [] });
    }
    return Response.json({
      answers: Object.fromEntries([...rows].filter(([, r]) => r.answer).map(([id, r]) => [id, r.answer])),
      versions: Object.fromEntries([...rows].map(([id, r]) => [id, r.version])),
      updatedAt: null,
    });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Each "tab" gets its own query cache, as two browser tabs would. */
function tab(name: string, strict = false) {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => {
    const tree = <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    return strict ? <StrictMode>{tree}</StrictMode> : tree;
  };
  return renderHook(() => useDrafts(name), { wrapper });
}

const patches = () => requests.filter((r) => r.method === 'PATCH');

describe('useDrafts', () => {
  it('keeps unsaved answers per student: a second student on the same browser never sees the first one’s', async () => {
    const alice = tab('Alice');
    act(() => alice.result.current.setAnswer(1, 'alice answer'));
    expect(JSON.parse(localStorage.getItem(localDraftKey('alice'))!).pending).toEqual({
      1: { answer: 'alice answer', base: 0 },
    });
    await waitFor(() => expect(rowsOf('alice').get('1')).toEqual({ answer: 'alice answer', version: 1 }), {
      timeout: 3000,
    });
    // Saved: nothing is left waiting in this browser.
    expect(localStorage.getItem(localDraftKey('alice'))).toBeNull();
    alice.unmount();

    const bob = tab('bob');
    await waitFor(() => expect(requests.filter((r) => r.method === 'GET')).toHaveLength(2));
    expect(bob.result.current.answers).toEqual({});
  });

  it('runs no side effect twice under StrictMode: one keystroke is one local write and one save', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const hook = tab('dora', true);
    await waitFor(() => expect(requests.some((r) => r.method === 'GET')).toBe(true));
    act(() => hook.result.current.setAnswer(3, 'x'));
    expect(setItem.mock.calls.filter(([key]) => key === localDraftKey('dora'))).toHaveLength(1);
    await waitFor(() => expect(hook.result.current.status.kind).toBe('saved'), { timeout: 3000 });
    expect(patches()).toHaveLength(1);
  });

  it("sends only the changed answers, so one tab never overwrites another tab's answer", async () => {
    const a = tab('eve');
    const b = tab('eve');
    act(() => a.result.current.setAnswer(1, 'A one'));
    await waitFor(() => expect(a.result.current.status.kind).toBe('saved'), { timeout: 3000 });
    act(() => b.result.current.setAnswer(2, 'B two'));
    await waitFor(() => expect(b.result.current.status.kind).toBe('saved'), { timeout: 3000 });
    act(() => a.result.current.setAnswer(3, 'A three'));
    await waitFor(() => expect(rowsOf('eve').get('3')?.answer).toBe('A three'), { timeout: 3000 });
    expect(patches().map((p) => Object.keys((p.body as { changes: object }).changes))).toEqual([
      ['1'],
      ['2'],
      ['3'],
    ]);
    expect(rowsOf('eve').get('2')?.answer).toBe('B two');
  });

  it('lets a newer copy from another tab win over a stale change, and shows it', async () => {
    rowsOf('finn').set('1', { answer: 'first', version: 1 });
    const a = tab('finn');
    await waitFor(() => expect(a.result.current.answers).toEqual({ 1: 'first' }));
    // Another tab saves version 2 meanwhile.
    rowsOf('finn').set('1', { answer: 'from tab B', version: 2 });
    act(() => a.result.current.setAnswer(1, 'stale A'));
    await waitFor(() => expect(a.result.current.status).toEqual({ kind: 'saved', overwritten: ['1'] }), {
      timeout: 3000,
    });
    expect(a.result.current.answers).toEqual({ 1: 'from tab B' });
    expect(a.result.current.versionOf(1)).toBe(2);
    expect(rowsOf('finn').get('1')).toEqual({ answer: 'from tab B', version: 2 });
  });

  it('picks up answers changed elsewhere when the tab gets focus', async () => {
    const a = tab('gil');
    await waitFor(() => expect(requests.some((r) => r.method === 'GET')).toBe(true));
    rowsOf('gil').set('4', { answer: 'typed on the phone', version: 1 });
    act(() => window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(a.result.current.answers).toEqual({ 4: 'typed on the phone' }));
  });

  it('calls a lost connection offline and a refusal by its reason, never "offline"', async () => {
    const a = tab('hal');
    failWith = 'network';
    act(() => a.result.current.setAnswer(1, 'kept here'));
    await waitFor(() => expect(a.result.current.status.kind).toBe('offline'), { timeout: 3000 });
    expect(JSON.parse(localStorage.getItem(localDraftKey('hal'))!).pending['1'].answer).toBe('kept here');
    failWith = 400;
    act(() => a.result.current.setAnswer(1, 'kept here too'));
    await waitFor(() => expect(a.result.current.status.kind).toBe('refused'), { timeout: 3000 });
    // Back online: the waiting change goes out.
    failWith = null;
    act(() => a.result.current.setAnswer(1, 'fine'));
    await waitFor(() => expect(rowsOf('hal').get('1')?.answer).toBe('fine'), { timeout: 3000 });
  });
});
