import hljs from 'highlight.js/lib/core';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import java from 'highlight.js/lib/languages/java';
import python from 'highlight.js/lib/languages/python';
import sql from 'highlight.js/lib/languages/sql';
import type { CodeLanguage } from '../../../common/questions/rules.ts';

hljs.registerLanguage('java', java);
hljs.registerLanguage('sql', sql);
hljs.registerLanguage('python', python);
hljs.registerLanguage('c', c);
hljs.registerLanguage('cpp', cpp);

/**
 * highlight.js core with the five languages questions may use (one file: over HTTP/1.1 a round trip
 * costs more than the grammars a page does not need). Its output is the escaped source plus its own
 * span tags, so it can never carry markup from a question's text.
 */
export function highlightCode(code: string, language: CodeLanguage): string {
  return hljs.highlight(code, { language, ignoreIllegals: true }).value;
}
