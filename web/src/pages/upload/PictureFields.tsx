import { useState } from 'react';

import { PICTURE_PARTS, type PicturePart, pictureLimits } from '../../../../common/questions/pictures.ts';
import { uploadPicture } from '../../api/pictures.ts';
import { useTexts } from '../../i18n/texts.ts';
import { Button } from '../../ui/Button.tsx';
import { Pictures } from '../../ui/Pictures.tsx';
import type { DraftPicture } from './draft.ts';
import styles from './PictureFields.module.css';

/**
 * A question's pictures as they are written (upload, modify): each uploaded at once (the server
 * checks and re-encodes it and answers its id and size), shown, with its alt text (required) and
 * the part it is shown with; removable. `idPrefix` keeps the inputs' ids apart on a page of several.
 */
export function PictureFields({
  pictures,
  onChange,
  onFailure,
  idPrefix,
}: {
  pictures: readonly DraftPicture[];
  onChange: (pictures: DraftPicture[]) => void;
  onFailure: (error: unknown) => void;
  idPrefix: string;
}) {
  const { pictureTexts: t } = useTexts('authoring');
  const [busy, setBusy] = useState(false);
  const set = (index: number, patch: Partial<DraftPicture>) =>
    onChange(pictures.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  const full = pictures.length >= pictureLimits.perQuestion;
  const add = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      const uploaded = await uploadPicture(file);
      onChange([...pictures, { ...uploaded, part: 'question', alt: '' }]);
    } catch (error) {
      onFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <fieldset className={styles.pictures}>
      <legend>{t.heading}</legend>
      {pictures.map((picture, index) => {
        const n = index + 1;
        const key = `${idPrefix}-picture-${index}`;
        return (
          <div key={key} className={styles.picture}>
            <Pictures pictures={[{ ...picture, part: 'question' }]} part="question" />
            <label htmlFor={`${key}-alt`}>{t.alt(n)}</label>
            <input
              id={`${key}-alt`}
              value={picture.alt}
              required
              maxLength={pictureLimits.altMax}
              aria-invalid={!picture.alt.trim()}
              onChange={(e) => set(index, { alt: e.target.value })}
            />
            <div className={styles.row}>
              <label htmlFor={`${key}-part`}>{t.shownWith(n)}</label>
              <select
                id={`${key}-part`}
                value={picture.part}
                onChange={(e) => set(index, { part: e.target.value as PicturePart })}
              >
                {PICTURE_PARTS.map((part) => (
                  <option key={part} value={part}>
                    {t.parts[part]}
                  </option>
                ))}
              </select>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => onChange(pictures.filter((_, i) => i !== index))}
              >
                {t.remove(n)}
              </Button>
            </div>
          </div>
        );
      })}
      {full ? (
        <p className={styles.note}>{t.tooMany(pictureLimits.perQuestion)}</p>
      ) : (
        <div className={styles.add}>
          <label htmlFor={`${idPrefix}-picture-add`}>{busy ? t.uploading : t.add}</label>
          <input
            id={`${idPrefix}-picture-add`}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            disabled={busy}
            onChange={(e) => {
              const input = e.currentTarget;
              void add(input.files?.[0]).then(() => {
                input.value = '';
              });
            }}
          />
        </div>
      )}
    </fieldset>
  );
}
