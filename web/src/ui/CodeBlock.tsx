import { useEffect, useState } from 'react';
import { type CodeLanguage, splitCode } from '../../../common/questions/rules.ts';
import styles from './CodeBlock.module.css';
import { FormulaText } from './FormulaText.tsx';
import { highlight, highlightedAlready } from './highlight.ts';

const labels: Record<CodeLanguage, string> = {
  java: 'Java',
  sql: 'SQL',
  python: 'Python',
  c: 'C',
  cpp: 'C++',
};

/**
 * Highlighted code. highlight.js escapes the source it is given and adds only its own span tags, so
 * the HTML below can never carry markup from a question's text. Code without a language tag is
 * labelled "Code" and left uncoloured: never named (or coloured) as a language it may not be.
 */
export function CodeBlock({ code, language }: { code: string; language: CodeLanguage | null }) {
  // Plain code first (same box, same text), highlighted when the worker answers.
  const [result, setResult] = useState(() => ({
    code,
    language,
    html: language && highlightedAlready(code, language),
  }));
  const html =
    result.code === code && result.language === language
      ? result.html
      : language && highlightedAlready(code, language);
  useEffect(() => {
    if (html !== null || !language) return;
    let current = true;
    void highlight(code, language).then((highlighted) => {
      if (current && highlighted !== null) setResult({ code, language, html: highlighted });
    });
    return () => {
      current = false;
    };
  }, [code, language, html]);
  const className = language ? `hljs language-${language}` : 'hljs';
  return (
    <figure className={styles.figure}>
      <figcaption className={styles.caption}>{language ? labels[language] : 'Code'}</figcaption>
      <pre className={styles.pre}>
        {html ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: highlight.js output is escaped source plus its own spans
          <code className={className} dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          <code className={className}>{code}</code>
        )}
      </pre>
    </figure>
  );
}

/**
 * A question text or option value: the prose with its formulas, then its code (after `&code:`)
 * highlighted and never read as TeX.
 */
export function RichText({ text, inline = false }: { text: string; inline?: boolean }) {
  const parts = splitCode(text);
  return (
    <>
      {parts.text &&
        (inline ? (
          <span className={styles.prose}>
            <FormulaText text={parts.text} />
          </span>
        ) : (
          <p className={styles.prose}>
            <FormulaText text={parts.text} />
          </p>
        ))}
      {parts.code !== null && <CodeBlock code={parts.code} language={parts.language} />}
    </>
  );
}
