import type { QuestionPicture } from '../../../common/contracts/tutoring.ts';
import { type PicturePart, picturePath } from '../../../common/questions/pictures.ts';
import { apiUrl } from '../api/client.ts';
import styles from './Pictures.module.css';

/**
 * The pictures of one part of a question (its text or its explanation), in order: loaded lazily,
 * their width and height set from the stored size so nothing moves when they arrive, and scaled
 * down to fit a narrow screen.
 */
export function Pictures({
  pictures,
  part,
}: {
  pictures: readonly Pick<QuestionPicture, 'id' | 'part' | 'alt' | 'width' | 'height'>[] | undefined;
  part: PicturePart;
}) {
  const shown = (pictures ?? []).filter((p) => p.part === part);
  if (shown.length === 0) return null;
  return (
    <div className={styles.pictures}>
      {shown.map((picture) => (
        <img
          // A picture is attached to a part at most once.
          key={picture.id}
          className={styles.picture}
          src={apiUrl(picturePath(picture.id))}
          alt={picture.alt}
          width={picture.width}
          height={picture.height}
          loading="lazy"
          decoding="async"
        />
      ))}
    </div>
  );
}
