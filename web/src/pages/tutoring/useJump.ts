import { useEffect, useState } from 'react';

/**
 * Jump to question N: change to its page, then scroll to it once that page is shown (not before)
 * and move focus there for keyboard users.
 */
export function useJump(
  size: number,
  setPage: (page: number) => void,
  shown: { number: number } | undefined,
) {
  const [target, setTarget] = useState<number | null>(null);
  useEffect(() => {
    if (target === null || !shown || shown.number !== Math.floor((target - 1) / size)) return;
    const element = document.getElementById(`question-${target}`);
    if (!element) return;
    element.scrollIntoView({ behavior: 'smooth', block: 'start' });
    element.focus({ preventScroll: true });
    setTarget(null);
  }, [target, shown, size]);
  const jump = (number: number) => {
    const page = Math.floor((number - 1) / size);
    if (!shown || shown.number !== page) setPage(page);
    setTarget(number);
  };
  return { jump };
}
