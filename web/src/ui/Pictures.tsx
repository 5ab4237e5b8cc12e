import type { QuestionPicture } from '../../../common/contracts/tutoring.ts';
import type { PicturePart } from '../../../common/questions/pictures.ts';
import { API_BASE } from '../api/client.ts';
import styles from './Pictures.module.css';

/**
 * The pictures of one part of a question (its text or its explanation), in order (`GET
 * pictures/{id}`): loaded lazily, their width and height set from the stored size so nothing moves
 * when they arrive, and scaled down to fit a narrow screen. Kept small: the tutoring page's first
 * load carries it.
 */
export function Pictures({ pictures, part }: { pictures: readonly QuestionPicture[]; part: PicturePart }) {
  return pictures.map(
    (picture) =>
      picture.part === part && (
        <img
          // A picture is attached to a part at most once.
          key={picture.id}
          className={styles.picture}
          src={`${API_BASE}/pictures/${picture.id}`}
          alt={picture.alt}
          width={picture.width}
          height={picture.height}
          loading="lazy"
        />
      ),
  );
}
