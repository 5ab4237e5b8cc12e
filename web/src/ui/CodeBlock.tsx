import { useEffect, useState } from 'react';
import {
  type CodeLanguage,
  decodeMultiAnswer,
  type QuestionType,
  splitCode,
} from '../../../common/questions/rules.ts';
import styles from './CodeBlock.module.css';
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
 * the HTML below can never carry markup from a question's text.
 */
export function CodeBlock({ code, language }: { code: string; language: CodeLanguage }) {
  // Plain code first (same box, same text), highlighted when the worker answers.
  const [result, setResult] = useState(() => ({ code, language, html: highlightedAlready(code, language) }));
  const html =
    result.code === code && result.language === language ? result.html : highlightedAlready(code, language);
  useEffect(() => {
    if (html !== null) return;
    let current = true;
    void highlight(code, language).then((highlighted) => {
      if (current && highlighted !== null) setResult({ code, language, html: highlighted });
    });
    return () => {
      current = false;
    };
  }, [code, language, html]);
  return (
    <figure className={styles.figure}>
      <figcaption className={styles.caption}>{labels[language]}</figcaption>
      <pre className={styles.pre}>
        {html === null ? (
          <code className={`hljs language-${language}`}>{code}</code>
        ) : (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: highlight.js output is escaped source plus its own spans
          <code className={`hljs language-${language}`} dangerouslySetInnerHTML={{ __html: html }} />
        )}
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

/**
 * An answer as people read it: a multiple-answer answer (a JSON array) as its options, an answer
 * with code as code — never the raw `["2"]` or `&code:` text.
 */
export function AnswerText({ type, answer }: { type: QuestionType; answer: string }) {
  const values = type === 'M' ? decodeMultiAnswer(answer) : null;
  if (!values) return <RichText text={answer} inline />;
  return (
    <ul className={styles.answerList}>
      {values.map((value) => (
        <li key={value}>
          <RichText text={value} inline />
        </li>
      ))}
    </ul>
  );
}
