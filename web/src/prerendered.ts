/**
 * Pages the server renders to HTML when it starts (web/src/prerender.tsx, server/http/web.ts): their
 * first screen needs no data and no signed-in user, so their text and form paint before any script
 * has run, and the app then hydrates them. The server marks #root with the path it rendered.
 */
export const PRERENDERED_PATHS = ['/', '/login', '/signup', '/signin'] as const;
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
