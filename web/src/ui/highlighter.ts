import type { LanguageFn } from 'highlight.js';
import hljs from 'highlight.js/lib/core';
import type { CodeLanguage } from '../../../common/questions/rules.ts';

/**
 * Each language's grammar is its own small file, fetched the first time code in that language is
 * shown: a page of Python questions downloads the core and Python's grammar, not the other four
 * (about 5 KB of the 14 KB the five came to, brotli). The core comes with the worker's own file.
 */
const grammars: Record<CodeLanguage, () => Promise<{ default: LanguageFn }>> = {
  java: () => import('highlight.js/lib/languages/java'),
  sql: () => import('highlight.js/lib/languages/sql'),
  python: () => import('highlight.js/lib/languages/python'),
  c: () => import('highlight.js/lib/languages/c'),
  cpp: () => import('highlight.js/lib/languages/cpp'),
};

const registering = new Map<CodeLanguage, Promise<void>>();

/** Registers a language's grammar once (a failed download is tried again next time). */
function withGrammar(language: CodeLanguage): Promise<void> {
  let pending = registering.get(language);
  if (!pending) {
    pending = grammars[language]().then(
      (grammar) => hljs.registerLanguage(language, grammar.default),
      (error: unknown) => {
        registering.delete(language);
        throw error;
      },
    );
    registering.set(language, pending);
  }
  return pending;
}

/**
 * highlight.js's output for the code: the escaped source plus its own span tags, so it can never
 * carry markup from a question's text.
 */
export async function highlightCode(code: string, language: CodeLanguage): Promise<string> {
  await withGrammar(language);
  return hljs.highlight(code, { language, ignoreIllegals: true }).value;
}
