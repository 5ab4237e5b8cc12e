import { type RefObject, useEffect, useState, useSyncExternalStore } from 'react';

const REDUCED = '(prefers-reduced-motion: reduce)';

function subscribeToMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Whether the visitor asked for less motion. False in the server's render (its HTML moves nothing
 * by itself); the browser's answer after the app has taken the page over.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToMotion,
    () => window.matchMedia(REDUCED).matches,
    () => false,
  );
}

/**
 * A section's active flag, true while it is in view. Null until the browser has said
 * (the server's HTML shows every section as it is, so the page reads well without any script).
 */
export function useInView(ref: RefObject<Element | null>, rootMargin = '0px 0px -12% 0px'): boolean | null {
  const [inView, setInView] = useState<boolean | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) setInView(entry.isIntersecting);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, rootMargin]);
  return inView;
}

/** The page's title in the browser tab while the page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}
