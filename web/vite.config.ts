import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { photoNames, portfolioPhotos } from '../scripts/portfolio-photos.ts';
import { owner } from './src/pages/portfolio/content/owner.ts';
import { contentProblems } from './src/pages/portfolio/content/validate.ts';

const PHOTOS_DIR = path.resolve(import.meta.dirname, 'src/pages/portfolio/content/photos');

/** Stops the build when the owner's content is incomplete, listing what to fix. */
function ownerContentCheck(): Plugin {
  return {
    name: 'tutorfolio:owner-content',
    buildStart() {
      const problems = contentProblems(owner, photoNames(PHOTOS_DIR));
      if (problems.length > 0) {
        this.error(
          `The owner's content (web/src/pages/portfolio/content/owner.ts) needs fixing:\n- ${problems.join('\n- ')}`,
        );
      }
    },
  };
}

/**
 * React Router's build defines its framework-mode components (Link, NavLink, Form, ScrollRestoration)
 * as `const Link = React.forwardRef(…); Link.displayName = "Link";`: an unannotated call and a property
 * write, which the bundler must keep, and with them all they use (route-module loading, page
 * prefetching, ~3 KB brotli) on every first load although the app uses none of them (its links are
 * web/src/routing/PreloadLink.tsx). This marks the forwardRef calls pure (forwardRef only wraps a
 * function) and drops the names, which only the React developer tools read: unused components are then
 * left out. Lines are kept, so the source map is off only by the comment's width on four lines.
 * `npm run size` shows the gain; a react-router upgrade that renames things makes it a no-op, not a
 * failure.
 */
function treeShakeReactRouter(): Plugin {
  const file = /node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]lib[\\/]dom[\\/]lib\.js$/;
  return {
    name: 'tutorfolio:tree-shake-react-router',
    apply: 'build',
    transform(code, id) {
      if (!file.test(id)) return null;
      const shaken = code
        .replace(/^[ \t]*[\w$]+\.displayName = "[^"]*";$/gm, '')
        .replace(/= ([\w$]+\.forwardRef\()/g, '= /* @__PURE__ */ $1');
      return { code: shaken, map: null };
    },
  };
}

/**
 * KaTeX's stylesheet offers each of its 20 fonts three times (woff2, woff, TrueType). Every browser
 * the app supports reads woff2, so the other two are dropped: the stylesheet a page with a formula
 * downloads is ~3 KB (brotli) lighter, and the build has 40 files fewer.
 */
function katexWoff2Only(): Plugin {
  const file = /node_modules[\\/]katex[\\/]dist[\\/]katex\.min\.css$/;
  return {
    name: 'tutorfolio:katex-woff2-only',
    enforce: 'pre',
    transform(code, id) {
      if (!file.test(id)) return null;
      return { code: code.replace(/,url\([^)]+\.(woff|ttf)\) format\("(woff|truetype)"\)/g, ''), map: null };
    },
  };
}

/** Chunks to preload from index.html: for every address ('*'), or for the listed route patterns. */
type Preload = { paths: '*' | string[]; modules: string[] };

/**
 * Makes index.html preload lazily loaded modules' chunks, their static imports and their CSS, so
 * they download beside the entry instead of after it has run. Links for some addresses only are
 * wrapped in `<!--preload-for /a /b/:x-->…<!--/preload-for-->`: the server keeps a block only when
 * the address asked for matches one of its patterns (server/http/web.ts), so a first visit downloads
 * its own page's code at once and no other page's.
 */
function preloadInIndexHtml(preloads: Preload[]): Plugin {
  return {
    name: 'tutorfolio:preload-in-index-html',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        const entryFiles = new Set<string>();
        for (const entry of chunks.filter((chunk) => chunk.isEntry)) {
          entryFiles.add(entry.fileName);
          for (const file of entry.imports) entryFiles.add(file);
        }
        const everywhere = new Set<string>();
        const linksFor = (modules: string[], skip: Set<string>) => {
          const scripts = new Set<string>();
          const styles = new Set<string>();
          const visit = (chunk: Rolldown.OutputChunk) => {
            if (scripts.has(chunk.fileName) || entryFiles.has(chunk.fileName) || skip.has(chunk.fileName))
              return;
            scripts.add(chunk.fileName);
            for (const css of chunk.viteMetadata?.importedCss ?? []) if (!skip.has(css)) styles.add(css);
            for (const file of chunk.imports) {
              const imported = bundle[file];
              if (imported?.type === 'chunk') visit(imported);
            }
          };
          for (const source of modules) {
            // The chunk that holds the module (a group's chunk holds several).
            const chunk = chunks.find((c) =>
              c.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(source)),
            );
            if (!chunk) throw new Error(`preloadInIndexHtml: no chunk is built from ${source}`);
            visit(chunk);
          }
          return [
            ...[...scripts].map((file) => ({
              file,
              link: `<link rel="modulepreload" crossorigin href="/${file}">`,
            })),
            ...[...styles].map((file) => ({
              file,
              link: `<link rel="preload" as="style" crossorigin href="/${file}">`,
            })),
          ];
        };
        const lines: string[] = [];
        for (const { modules } of preloads.filter((p) => p.paths === '*')) {
          for (const { file, link } of linksFor(modules, everywhere)) {
            everywhere.add(file);
            lines.push(link);
          }
        }
        for (const { paths, modules } of preloads) {
          if (paths === '*') continue;
          const links = linksFor(modules, everywhere).map(({ link }) => link);
          lines.push(`<!--preload-for ${paths.join(' ')}-->${links.join('')}<!--/preload-for-->`);
        }
        // The page's comments are notes for us, not for every first visit: only the server's
        // preload markers stay.
        const page = html.replace(/\s*<!--(?!\/?preload-for)[\s\S]*?-->/g, '');
        return page.replace('</head>', `    ${lines.join('\n    ')}\n  </head>`);
      },
    },
  };
}

// The web app lives in web/; the server serves dist/web (server/http/web.ts). In development,
// `npm run dev:web` proxies /api to the server started with `npm run dev`.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    treeShakeReactRouter(),
    katexWoff2Only(),
    ownerContentCheck(),
    // The portfolio's pictures as AVIF and WebP at a few widths, made at build time.
    portfolioPhotos({
      dir: PHOTOS_DIR,
      cacheDir: path.resolve(import.meta.dirname, '../node_modules/.cache/tutorfolio-photos'),
    }),
    preloadInIndexHtml([
      // The app itself, started once the first screen has painted (main.tsx).
      { paths: '*', modules: ['web/src/start.tsx'] },
      // The pages first visits open most; patterns as in web/src/routes.tsx.
      // The owner's landing page: prerendered, its styles inlined from these links.
      { paths: ['/'], modules: ['web/src/pages/portfolio/LandingPage.tsx'] },
      {
        paths: ['/login', '/signin', '/signup', '/logout'],
        modules: ['web/src/pages/auth/LoginPage.tsx'],
      },
      // Password recovery: a mailed link opens /reset-password as a first visit.
      { paths: ['/forgot-password', '/reset-password'], modules: ['web/src/pages/auth/RecoveryPage.tsx'] },
      {
        paths: ['/tutoring/:name', '/review/:name'],
        modules: ['web/src/layout/HeaderLayout.tsx', 'web/src/pages/tutoring/TutoringPage.tsx'],
      },
      {
        paths: ['/submission/:name'],
        modules: ['web/src/layout/HeaderLayout.tsx', 'web/src/pages/submission/SubmissionPage.tsx'],
      },
      {
        paths: ['/user/:name'],
        modules: ['web/src/layout/HeaderLayout.tsx', 'web/src/pages/user/UserPage.tsx'],
      },
    ]),
  ],
  // The server's render of the prerendered pages (web/src/prerender.tsx, built into dist/ssr by
  // `npm run build`): React and everything else bundled in, so it runs without web/'s packages.
  ssr: { noExternal: true },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    // A font stays a file, fetched only if a glyph needs it, never inlined into its stylesheet (KaTeX's
    // smallest would add ~3.5 KB to it).
    assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
    rolldownOptions: {
      output: {
        // Few, whole files per page area instead of one per shared module: the server speaks HTTP/1.1,
        // where a phone fetches six files at a time, so thirty small files cost several round trips.
        // A group also takes in the modules its modules import, unless a group of higher priority
        // has them: so each group's imports sit in groups above it. Paths match either slash.
        codeSplitting: {
          groups: [
            // Vite's helper that loads a chunk's CSS and imports with it, which the entry uses to start
            // the app: on its own, so that starting it does not already run React (see main.tsx).
            { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 60 },
            // Every page: React, React Router.
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 50,
            },
            // Every page, sign-in included: the route table, loading/failure screens, HTTP client, the
            // toasts and the kit's small widgets (button, field, card), the language runtime (Lingui's
            // core under web/src/i18n) and its switch (the Korean texts stay chunks of their own).
            {
              name: 'app',
              test: /web[\\/]src[\\/](start\.tsx|AppShell\.tsx|pageSettings\.ts|prerendered\.ts|routes\.tsx|routing[\\/]|i18n[\\/]|api[\\/](client|users|session|failures)\.ts|ui[\\/](Toast|Button|Field|Card)\b)|common[\\/](messages|limits|i18n[\\/]translation)\.ts|node_modules[\\/]@lingui[\\/]core[\\/]/,
              priority: 45,
            },
            // Every signed-in page (not sign-in): TanStack Query, the header layout, the confirm's
            // provider, the formula detection of questions' prose (KaTeX itself is a chunk of its own). Not
            // TanStack Query's mutations hook (useMutation and its observer): only the stopwatch and the
            // wall use it, so it stays with them instead of costing every signed-in first load ~0.7 KB.
            {
              name: 'signed-in',
              test: /node_modules[\\/]@tanstack[\\/](?!react-query[\\/]build[\\/]modern[\\/]useMutation|query-core[\\/]build[\\/]modern[\\/]mutationObserver)|web[\\/]src[\\/](layout[\\/]|api[\\/](queryClient|tutoring)\.ts|ui[\\/](ConfirmDialog|FormulaText)\b)/,
              priority: 40,
            },
            // The dialog and the confirm drawn with it: loaded when a page first asks to confirm, or
            // with a page that shows a dialog of its own (profile, console).
            { name: 'dialog', test: /web[\\/]src[\\/]ui[\\/](ConfirmBox|Dialog)\b/, priority: 38 },
            // The month calendar: only the pages that show it (the submissions page's, SubmissionCalendar,
            // when its panel first opens).
            {
              name: 'calendar',
              test: /web[\\/]src[\\/](ui[\\/]Calendar|pages[\\/]submission[\\/]SubmissionCalendar)\b/,
              priority: 35,
            },
            // The floating panel (submissions, archive), without the calendar it may hold.
            { name: 'floating-panel', test: /web[\\/]src[\\/]ui[\\/]FloatingPanel\b/, priority: 35 },
            // Chart.js and the app's charts (web/src/ui/charts/): only the pages that draw one
            // (dashboard sections, statistics, math results, sandbox), never a first load of others.
            {
              name: 'charts',
              test: /node_modules[\\/](chart\.js|@kurkle)[\\/]|web[\\/]src[\\/]ui[\\/]charts[\\/]/,
              priority: 30,
            },
            // The sign-in page and what sign-up and the provider registration page share with it.
            {
              name: 'sign-in',
              test: /web[\\/]src[\\/]pages[\\/]auth[\\/](LoginPage|PasswordInput|ProviderButtons|auth\.module)\b/,
              priority: 25,
            },
            // What the owner's public pages share: the owner's content, its pictures' list,
            // the picture, motion and link helpers, the pages' words. One file instead of several.
            {
              name: 'portfolio',
              test: /web[\\/]src[\\/]pages[\\/]portfolio[\\/](content[\\/]|Picture|PortfolioNav|motion|nav\.module)|common[\\/]portfolioTexts|portfolio-photos/,
              priority: 22,
            },
            // The student's pages' shared parts (question card, drafts, panel) and the tutoring page,
            // with their English texts (common/tutoringTexts.ts: the `tutoring` namespace's English
            // loader then finds them here, no request of its own; the Korean is a chunk of its own).
            // Not the submissions page (it shows the floating calendar, which would then come with
            // every page of the group) nor review nor the submitted-answer card: each is its own chunk, so a first visit of
            // /tutoring/{name} does not carry them.
            {
              name: 'tutoring',
              test: /web[\\/]src[\\/](pages[\\/]tutoring[\\/](?!Submission|ReviewPage|CheckResult)|ui[\\/]CodeBlock\b)|common[\\/](questions[\\/]rules|dates|tutoringTexts)\.ts/,
              priority: 20,
            },
            // Answers as people read them and the submitted-answer card (submissions, review, the
            // teacher tools), with their English texts: one chunk for the pages that show answers, never
            // the tutoring page's.
            {
              name: 'answers',
              test: /web[\\/]src[\\/](ui[\\/]AnswerText|pages[\\/]tutoring[\\/]CheckResult)\b|common[\\/]submissionTexts\.ts/,
              priority: 15,
            },
          ],
        },
      },
    },
  },
  // The highlighting worker (web/src/ui/highlight.ts) is a module worker.
  worker: { format: 'es' },
  server: {
    // The provider sign-in routes live outside /api on the server too.
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/oauth2/authorization': 'http://127.0.0.1:8080',
      '/login/oauth2': 'http://127.0.0.1:8080',
    },
  },
});
