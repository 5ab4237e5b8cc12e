/**
 * The route table's preloadRoute (routes.tsx), for links and pages: routes.tsx imports every page,
 * so a page that imported it would make an import cycle. routes.tsx hands it over when it loads,
 * before anything renders; until then (a component test without the table) preloading does nothing.
 */
let preloader: (path: string) => Promise<void> = () => Promise.resolve();

export function setRoutePreloader(preload: (path: string) => Promise<void>): void {
  preloader = preload;
}

/**
 * Starts downloading every chunk a path needs, all at once (see routes.tsx); settles (never fails)
 * once they and their texts are there (or failed to come).
 */
export function preloadRoute(path: string): Promise<void> {
  return preloader(path);
}
