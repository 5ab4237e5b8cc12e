import type { bulkRuleTexts } from '../../../../common/authoringTexts.ts';
import type { Translation } from '../../../../common/i18n/translation.ts';
import { PICTURE_ID } from '../../../../common/questions/pictures.ts';

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

type Reference = { file?: unknown; id?: unknown };
const pictureList = (item: unknown): Reference[] => {
  const pictures = (item as { pictures?: unknown } | null)?.pictures;
  return Array.isArray(pictures) ? pictures.filter((p): p is Reference => !!p && typeof p === 'object') : [];
};
const hasId = (picture: Reference) => typeof picture.id === 'string' && PICTURE_ID.test(picture.id);

/**
 * The file names the items' pictures give (`"pictures": [{"file": "triangle.png", "alt": …}]`)
 * without an id yet: the pictures the page asks for in its second step.
 */
export function namedFiles(items: readonly unknown[]): string[] {
  const names = items.flatMap((item) =>
    pictureList(item).flatMap((p) =>
      !hasId(p) && typeof p.file === 'string' && p.file.trim() ? [p.file.trim()] : [],
    ),
  );
  return [...new Set(names)];
}

/** The items as the server takes them: each picture named by the id its file was uploaded as. */
export function withPictureIds(items: readonly unknown[], uploaded: ReadonlyMap<string, string>): unknown[] {
  return items.map((item) => {
    if (!item || typeof item !== 'object' || !Array.isArray((item as { pictures?: unknown }).pictures))
      return item;
    const pictures = pictureList(item).map(({ file, ...rest }) =>
      hasId(rest) || typeof file !== 'string' ? rest : { ...rest, id: uploaded.get(file.trim()) ?? '' },
    );
    return { ...item, pictures };
  });
}
