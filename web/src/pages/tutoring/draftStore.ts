import type { DraftsPatchResponse, DraftsResponse } from '../../../../common/contracts/tutoring.ts';
import { ApiError } from '../../api/client.ts';

/**
 * A student's answer drafts in one tab (two tabs must never overwrite each other).
 *
 * - `known`: what the server keeps, per question, with the draft's version.
 * - `pending`: what this tab typed and the server has not confirmed, each with the version it was
 *   typed over (`base`). Only these go out, as a patch of changed questions, never the whole set.
 * - A change typed over an older version than the server's loses: the server sends its newer copy
 *   back and the tab shows it (a stale tab never wins). Copies arriving from elsewhere (another tab,
 *   another device) replace what this tab shows wherever it has nothing unsaved.
 * - Unsaved changes are also kept in local storage, per question, so a closed tab or a lost
 *   connection loses nothing; they are sent (with their base versions) the next time.
 *
 * Plain TypeScript with listeners, so React reads it through useSyncExternalStore and no side effect
 * runs inside a state updater (StrictMode runs those twice).
 */
export type DraftStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  /** Saved; `overwritten`: questions whose change here lost to a newer copy from elsewhere. */
  | { kind: 'saved'; overwritten: string[] }
  /** The server could not be reached: kept on this device, sent again later. */
  | { kind: 'offline' }
  /** The server refused the save (a 4xx): never called "offline". */
  | { kind: 'refused'; error: ApiError };

type Entry = { answer: string; version: number };
type Change = { answer: string; base: number };
type Stored = { pending: Record<string, Change> };
type Send = (changes: Record<string, { answer: string; version: number }>) => Promise<DraftsPatchResponse>;

/** Local storage key of a student's unsaved changes (one per student: two students never mix). */
export function localDraftKey(name: string): string {
  return `tutorfolio:drafts:${name.toLowerCase()}`;
}

function readStored(name: string): Record<string, Change> {
  try {
    const raw = JSON.parse(localStorage.getItem(localDraftKey(name)) ?? 'null') as
      | Stored
      | { answers?: Record<string, string> }
      | null;
    if (raw && 'pending' in raw && raw.pending) return raw.pending;
    // The format before versions: whole answer sets. Sent as changes over "no draft seen", so
    // anything saved on the server since wins over them.
    if (raw && 'answers' in raw && raw.answers) {
      return Object.fromEntries(Object.entries(raw.answers).map(([id, answer]) => [id, { answer, base: 0 }]));
    }
  } catch {
    // a damaged copy is dropped
  }
  return {};
}

export class DraftStore {
  private readonly known = new Map<string, Entry>();
  private readonly pending = new Map<string, Change>();
  private inFlight: Map<string, Change> | null = null;
  private listeners = new Set<() => void>();
  private cachedAnswers: Record<string, string> | null = null;
  private running: Promise<void> | null = null;
  status: DraftStatus = { kind: 'idle' };

  private readonly name: string;
  private readonly send: Send;

  constructor(name: string, send: Send) {
    this.name = name;
    this.send = send;
    for (const [id, change] of Object.entries(readStored(name))) this.pending.set(id, change);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private changed(): void {
    this.cachedAnswers = null;
    for (const listener of this.listeners) listener();
  }

  /** Question id → answer shown: the server's copy with this tab's unsaved changes over it. */
  answers = (): Record<string, string> => {
    if (this.cachedAnswers) return this.cachedAnswers;
    const shown: Record<string, string> = {};
    for (const [id, entry] of this.known) if (entry.answer) shown[id] = entry.answer;
    for (const source of [this.inFlight, this.pending]) {
      for (const [id, change] of source ?? []) {
        if (change.answer) shown[id] = change.answer;
        else delete shown[id];
      }
    }
    this.cachedAnswers = shown;
    return shown;
  };

  getStatus = (): DraftStatus => this.status;

  /** The version of the draft the shown answer is (0: none), sent with a submit. */
  versionOf(questionId: number | string): number {
    return this.known.get(String(questionId))?.version ?? 0;
  }

  hasUnsaved(): boolean {
    return this.pending.size > 0 || this.inFlight !== null;
  }

  edit(questionId: number | string, answer: string): void {
    const id = String(questionId);
    const base = this.pending.get(id)?.base ?? this.inFlight?.get(id)?.base ?? this.versionOf(id);
    this.pending.set(id, { answer, base });
    this.persist([id]);
    this.status = { kind: 'saving' };
    this.changed();
  }

  /** Takes in the server's copy (page open, focus, polling): adopted wherever nothing is unsaved. */
  applyServer(snapshot: DraftsResponse): void {
    let changed = false;
    for (const [id, version] of Object.entries(snapshot.versions)) {
      if (this.pending.has(id) || this.inFlight?.has(id)) continue;
      const current = this.known.get(id);
      // An answer from before one of this tab's own saves is older than what it knows.
      if (current && current.version >= version) continue;
      this.known.set(id, { answer: snapshot.answers[id] ?? '', version });
      changed = true;
    }
    if (changed) this.changed();
  }

  /**
   * Sends the unsaved changes, one request at a time, until none is left (changes typed meanwhile
   * included). Resolves when they are saved or lost to a newer copy; rejects with the ApiError when
   * the server cannot be reached or refuses.
   */
  save(): Promise<void> {
    this.running ??= this.sendAll().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async sendAll(): Promise<void> {
    const overwritten: string[] = [];
    while (this.pending.size > 0) overwritten.push(...(await this.sendOnce()));
    if (this.status.kind === 'saving') this.status = { kind: 'saved', overwritten };
    this.changed();
  }

  /** One patch of everything unsaved now; answers the questions whose change lost. */
  private async sendOnce(): Promise<string[]> {
    const batch = new Map(this.pending);
    this.pending.clear();
    this.inFlight = batch;
    this.status = { kind: 'saving' };
    this.changed();
    let response: DraftsPatchResponse;
    try {
      response = await this.send(
        Object.fromEntries([...batch].map(([id, c]) => [id, { answer: c.answer, version: c.base }])),
      );
    } catch (error) {
      // Back to unsaved, under anything typed meanwhile.
      for (const [id, change] of batch) if (!this.pending.has(id)) this.pending.set(id, change);
      this.inFlight = null;
      this.status =
        error instanceof ApiError && error.status > 0 ? { kind: 'refused', error } : { kind: 'offline' };
      this.changed();
      throw error;
    }
    this.inFlight = null;
    const done: string[] = [];
    for (const [id, version] of Object.entries(response.saved)) {
      const sent = batch.get(id);
      if (!sent) continue;
      this.known.set(id, { answer: sent.answer, version });
      // A change typed while this one was on its way was typed over it.
      const later = this.pending.get(id);
      if (later && later.base === sent.base) later.base = version;
      done.push(id);
    }
    const lost: string[] = [];
    for (const [id, newer] of Object.entries(response.conflicts)) {
      this.known.set(id, newer);
      // The newer copy wins, over this tab's later keystrokes too.
      this.pending.delete(id);
      lost.push(id);
      done.push(id);
    }
    for (const id of response.closed.map(String)) {
      this.known.delete(id);
      this.pending.delete(id);
      done.push(id);
    }
    this.persist(done);
    return lost;
  }

  /** Forgets answered questions (after a submit). */
  forget(questionIds: readonly (number | string)[]): void {
    const ids = questionIds.map(String);
    for (const id of ids) {
      this.known.delete(id);
      this.pending.delete(id);
    }
    this.persist(ids);
    this.status = { kind: 'idle' };
    this.changed();
  }

  /** Writes this tab's unsaved changes of these questions to local storage, leaving other tabs' alone. */
  private persist(ids: readonly string[]): void {
    try {
      const stored = readStored(this.name);
      for (const id of ids) {
        const change = this.pending.get(id) ?? this.inFlight?.get(id);
        if (change) stored[id] = change;
        else delete stored[id];
      }
      if (Object.keys(stored).length === 0) localStorage.removeItem(localDraftKey(this.name));
      else
        localStorage.setItem(localDraftKey(this.name), JSON.stringify({ pending: stored } satisfies Stored));
    } catch {
      // storage full or blocked: the server copy still holds what was saved
    }
  }
}
