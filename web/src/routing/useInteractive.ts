import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the page on screen is still the server's HTML (web/src/prerender.tsx; React's first
 * render when it takes that HTML over must match it), true once the app runs it. A prerendered form
 * stays disabled until then, so nothing typed before the script has run is lost.
 */
export function useInteractive(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
