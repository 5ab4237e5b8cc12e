import { CODE_MARKER, type CodeLanguage, normaliseNames } from './rules.ts';

/**
 * What the writing pages (upload, modify, archive, teacher) put together from their form fields.
 * Apart from rules.ts because the tutoring page's first load carries that module and never writes.
 */

/** The inverse of splitCode: code with a language is tagged, code without one is not. */
export function joinCode(text: string, code: string | null, language: CodeLanguage | null = null): string {
  if (code === null || code === '') return text;
  return `${text}${CODE_MARKER}${language ? `&type=${language}:` : ''}${code}`;
}

/** A comma-separated list of names (students, topics) as normaliseNames keeps them. */
export function splitNameList(text: string): string[] {
  return normaliseNames(text.split(','));
}
