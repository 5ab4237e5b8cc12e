import { useEffect, useState } from 'react';
import { useTexts } from '../../i18n/texts.ts';
import type { Photo } from './content/types.ts';
import { useReducedMotion } from './motion.ts';
import { Picture } from './Picture.tsx';
import styles from './slideshow.module.css';

/** A slideshow moves on every 4,000 ms. */
export const SLIDE_INTERVAL_MS = 4000;

/**
 * The slideshow: a counter that moves on each interval while the slideshow is active and
 * stops when it is not. The first picture is in the server's HTML; the next one is fetched once the
 * page has loaded, each later one a slide ahead, so the first screen downloads one picture only.
 * A Pause button stops it (WCAG 2.2.2); the dots show any picture at once.
 */
export function Slideshow({
  photos,
  label,
  active,
  sizes,
  priority = false,
}: {
  photos: Photo[];
  label: string;
  active: boolean;
  sizes: string;
  priority?: boolean;
}) {
  const { portfolioTexts } = useTexts('portfolio');
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  // Which pictures are in the page: the first, then each one shown and the one after it.
  const [loaded, setLoaded] = useState(1);
  const reduced = useReducedMotion();
  const count = photos.length;
  const running = active && !paused && count > 1;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), SLIDE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [running, count]);

  useEffect(() => {
    setLoaded((n) => Math.min(count, Math.max(n, index + 2)));
  }, [index, count]);

  return (
    <figure
      className={styles.slideshow}
      aria-roledescription="slideshow"
      aria-label={label}
      data-reduced={reduced || undefined}
    >
      <div className={styles.frame}>
        {photos.slice(0, loaded).map((photo, i) => (
          <Picture
            key={photo.file}
            photo={photo}
            sizes={sizes}
            priority={priority && i === 0}
            className={i === index ? `${styles.slide} ${styles.current}` : styles.slide}
          />
        ))}
      </div>
      {count > 1 && (
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.pause}
            aria-pressed={paused}
            onClick={() => setPaused((p) => !p)}
          >
            {paused ? portfolioTexts.playSlides : portfolioTexts.pauseSlides}
          </button>
          <ol className={styles.dots}>
            {photos.map((photo, i) => (
              <li key={photo.file}>
                <button
                  type="button"
                  className={styles.dot}
                  aria-current={i === index ? 'true' : undefined}
                  aria-label={portfolioTexts.showPhoto(i + 1, count)}
                  onClick={() => setIndex(i)}
                />
              </li>
            ))}
          </ol>
        </div>
      )}
      <figcaption className="visually-hidden" aria-live={running ? 'off' : 'polite'}>
        {portfolioTexts.photoOf(index + 1, count, photos[index]?.alt ?? '')}
      </figcaption>
    </figure>
  );
}
