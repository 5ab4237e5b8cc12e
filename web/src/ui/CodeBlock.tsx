import type { HLJSApi, LanguageFn } from 'highlight.js';
import { useEffect, useMemo, useState } from 'react';
import {
  type CodeLanguage,
  decodeMultiAnswer,
  type QuestionType,
  splitCode,
} from '../../../common/questions/rules.ts';
import styles from './CodeBlock.module.css';

/*
 * highlight.js and each language's grammar load only when a page shows code in that language (a page
 * without code never downloads them). Until they arrive the code shows as plain text, in the same box.
 */
const grammars: Record<CodeLanguage, () => Promise<{ default: LanguageFn }>> = {
  java: () => import('highlight.js/lib/languages/java'),
  sql: () => import('highlight.js/lib/languages/sql'),
  python: () => import('highlight.js/lib/languages/python'),
  c: () => import('highlight.js/lib/languages/c'),
  cpp: () => import('highlight.js/lib/languages/cpp'),
};
let core: Promise<HLJSApi> | null = null;
let highlighter: HLJSApi | null = null;
const loading = new Map<CodeLanguage, Promise<void>>();

function loadLanguage(language: CodeLanguage): Promise<void> {
  let loaded = loading.get(language);
  if (!loaded) {
    core ??= import('highlight.js/lib/core').then((m) => m.default);
    loaded = Promise.all([core, grammars[language]()]).then(([hljs, grammar]) => {
      hljs.registerLanguage(language, grammar.default);
      highlighter = hljs;
    });
    // A failed download leaves the code plain; the next code block on a later page tries again.
    loaded.catch(() => {
      loading.delete(language);
      core = null;
    });
    loading.set(language, loaded);
  }
  return loaded;
}

function highlighted(code: string, language: CodeLanguage): string | null {
  if (!highlighter?.getLanguage(language)) return null;
  return highlighter.highlight(code, { language, ignoreIllegals: true }).value;
}

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
  const [grammarsLoaded, setGrammarsLoaded] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed when a grammar has arrived
  const html = useMemo(() => highlighted(code, language), [code, language, grammarsLoaded]);
  useEffect(() => {
    if (html !== null) return;
    loadLanguage(language).then(
      () => setGrammarsLoaded((n) => n + 1),
      () => {},
    );
  }, [html, language]);
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
