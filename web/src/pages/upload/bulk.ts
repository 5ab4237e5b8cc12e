import type { bulkRuleTexts } from '../../../../common/authoringTexts.ts';
import type { Translation } from '../../../../common/i18n/translation.ts';

/**
 * Reads the bulk upload text: the array of questions, or where and why the JSON is broken (in the
 * words of `texts`; the JSON parser's own reason stays as the browser gives it).
 */
export function parseBulkJson(
  text: string,
  texts: Pick<Translation<typeof bulkRuleTexts>, 'notAnArray' | 'invalidAt' | 'invalid'>,
): { items: Record<string, unknown>[] } | { error: string } {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return { error: texts.notAnArray };
    return { items: value as Record<string, unknown>[] };
  } catch (error) {
    const message = (error as Error).message;
    const position = /position (\d+)/.exec(message);
    if (position) {
      const at = Number(position[1]);
      const before = text.slice(0, at);
      const line = before.split('\n').length;
      const column = at - before.lastIndexOf('\n');
      return { error: texts.invalidAt(line, column, at, message) };
    }
    return { error: texts.invalid(message) };
  }
}
