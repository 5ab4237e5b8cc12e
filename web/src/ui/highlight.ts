import type { CodeLanguage } from '../../../common/questions/rules.ts';
import type { HighlightAnswer, HighlightRequest } from './highlight.worker.ts';

/*
 * Code highlighting off the page's thread: highlight.js runs in a Web Worker, downloaded the first
 * time a page shows code (a page without code never loads it). Where workers do not exist (the
 * tests' jsdom) it runs here instead. Results are kept, so a card that renders again shows its
 * highlighted code at once.
 */
const done = new Map<string, string>();
const waiting = new Map<number, (answer: HighlightAnswer) => void>();
let worker: Worker | null = null;
let nextId = 1;
const keyOf = (code: string, language: CodeLanguage) => `${language}\n${code}`;

/** The highlighted HTML if this code was highlighted before, else null. */
export function highlightedAlready(code: string, language: CodeLanguage): string | null {
  return done.get(keyOf(code, language)) ?? null;
}

function inWorker(request: Omit<HighlightRequest, 'id'>): Promise<HighlightAnswer> {
  if (!worker) {
    worker = new Worker(new URL('./highlight.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<HighlightAnswer>) => {
      waiting.get(event.data.id)?.(event.data);
      waiting.delete(event.data.id);
    };
    // The worker's file could not load (offline, or a deploy replaced it): the code stays plain,
    // and the next page that shows code starts a new worker.
    worker.onerror = () => {
      for (const [id, settle] of waiting) settle({ id, failed: true });
      waiting.clear();
      worker = null;
    };
  }
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    worker?.postMessage({ id, ...request } satisfies HighlightRequest);
  });
}

async function inPage(request: Omit<HighlightRequest, 'id'>): Promise<HighlightAnswer> {
  const { highlightCode } = await import('./highlighter.ts');
  return { id: 0, html: await highlightCode(request.code, request.language) };
}

/** Resolves with the highlighted HTML, or null when highlighting is not available. */
export async function highlight(code: string, language: CodeLanguage): Promise<string | null> {
  const key = keyOf(code, language);
  const known = done.get(key);
  if (known !== undefined) return known;
  const answer = await (typeof Worker === 'function' ? inWorker : inPage)({ code, language }).catch(() => ({
    id: 0,
    failed: true as const,
  }));
  if (!('html' in answer)) return null;
  done.set(key, answer.html);
  return answer.html;
}
