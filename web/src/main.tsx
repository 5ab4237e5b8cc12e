/*
 * The entry: index.html's first screen ("Tutorfolio is loading…", styled inline) paints as soon as
 * the page has arrived; the app (React and all, downloading meanwhile: index.html preloads it)
 * starts right after that paint, so a slow phone shows something instead of a blank page while it
 * loads and runs.
 */
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');

const startApp = () => void import('./start.tsx').then(({ start }) => start(root));
// Right after the next frame has painted; a tab opened in the background paints none: start at once.
if (document.visibilityState === 'hidden') startApp();
else requestAnimationFrame(() => setTimeout(startApp, 0));
