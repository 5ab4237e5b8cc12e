import hljs from 'highlight.js/lib/core';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import java from 'highlight.js/lib/languages/java';
import python from 'highlight.js/lib/languages/python';
import sql from 'highlight.js/lib/languages/sql';
import { useMemo } from 'react';
import { type CodeLanguage, splitCode } from '../../../common/questions/rules.ts';
import styles from './CodeBlock.module.css';

hljs.registerLanguage('java', java);
hljs.registerLanguage('sql', sql);
hljs.registerLanguage('python', python);
hljs.registerLanguage('c', c);
hljs.registerLanguage('cpp', cpp);

const labels: Record<CodeLanguage, string> = {
  java: 'Java',
  sql: 'SQL',
  python: 'Python',
  c: 'C',
  cpp: 'C++',
};

/**
 * Highlighted code. highlight.js escapes the source it is given and adds only its own span tags, so
 * the HTML below can never carry markup from a question's text.
 */
export function CodeBlock({ code, language }: { code: string; language: CodeLanguage }) {
  const html = useMemo(
    () => hljs.highlight(code, { language, ignoreIllegals: true }).value,
    [code, language],
  );
  return (
    <figure className={styles.figure}>
      <figcaption className={styles.caption}>{labels[language]}</figcaption>
      <pre className={styles.pre}>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: highlight.js output is escaped source plus its own spans */}
        <code className={`hljs language-${language}`} dangerouslySetInnerHTML={{ __html: html }} />
      </pre>
    </figure>
  );
}

/** A question text or option value: the prose, then its code (after `&code:`) highlighted. */
export function RichText({ text, inline = false }: { text: string; inline?: boolean }) {
  const parts = splitCode(text);
  return (
    <>
      {parts.text &&
        (inline ? (
          <span className={styles.prose}>{parts.text}</span>
        ) : (
          <p className={styles.prose}>{parts.text}</p>
        ))}
      {parts.code !== null && <CodeBlock code={parts.code} language={parts.language} />}
    </>
  );
}
