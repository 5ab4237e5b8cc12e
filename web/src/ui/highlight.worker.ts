import { highlightCode } from './highlighter.ts';

export type HighlightRequest = { id: number; code: string; language: Parameters<typeof highlightCode>[1] };
export type HighlightAnswer = { id: number; html: string } | { id: number; failed: true };

// Compiling a grammar takes tens of milliseconds on a phone: here it never holds up the page.
self.onmessage = async (event: MessageEvent<HighlightRequest>) => {
  const { id, code, language } = event.data;
  let answer: HighlightAnswer;
  try {
    answer = { id, html: await highlightCode(code, language) };
  } catch {
    // The grammar's file could not load, or the grammar failed: the code stays plain.
    answer = { id, failed: true };
  }
  self.postMessage(answer);
};
